//! The options table ([`crate::options`]) on the wire, for both protocols: how each option is
//! offered ([`uci_option`]: `option name ... type ...`; [`xboard_option`]: `feature option=`),
//! and what a changed value does to a running session ([`apply`]) — the one place the UCI and
//! XBoard sessions share for option side effects.

use super::thinker::Thinker;
use crate::nnue::Network;
use crate::options::{Kind, Opt, Options, BUILTIN_NET};
use crate::search::tt::HashError;
use kurier_rules::games::Variant;
use kurier_wire::uci::{UciOption, UciOptionKind};
use kurier_wire::xboard::{XboardOption, XboardOptionKind};

/// `opt` as UCI's `uci` answer offers it, its default being the current value.
pub fn uci_option(options: &Options, opt: Opt) -> UciOption {
    let value = options.value(opt);
    let kind = match opt.kind() {
        Kind::Spin { min, max } => UciOptionKind::Spin {
            default: value.parse().ok(),
            min: Some(min as i64),
            max: Some(max as i64),
        },
        Kind::Check => UciOptionKind::Check {
            default: Some(value == "true"),
        },
        Kind::Combo(choices) => UciOptionKind::Combo {
            default: Some(value),
            vars: choices.iter().map(|c| c.to_string()).collect(),
        },
        Kind::Text => UciOptionKind::String {
            default: Some(value),
        },
    };
    UciOption {
        name: opt.name().to_string(),
        kind,
    }
}

/// `opt` as XBoard's `feature option="..."` offers it, with its current value.
pub fn xboard_option(options: &Options, opt: Opt) -> XboardOption {
    let value = options.value(opt);
    let kind = match opt.kind() {
        Kind::Spin { min, max } => XboardOptionKind::Spin {
            value: value.parse().unwrap_or(min as i64),
            min: min as i64,
            max: max as i64,
        },
        Kind::Check => XboardOptionKind::Check(value == "true"),
        Kind::Combo(choices) => XboardOptionKind::Combo {
            choices: choices.iter().map(|c| c.to_string()).collect(),
            selected: choices.iter().position(|c| *c == value),
        },
        Kind::Text => XboardOptionKind::String(value),
    };
    XboardOption {
        name: opt.name().to_string(),
        kind,
    }
}

/// The options XBoard is offered: those it has no command of its own for.
pub fn xboard_options(options: &Options) -> Vec<XboardOption> {
    Opt::ALL
        .into_iter()
        .filter(|o| !o.xboard_native())
        .map(|o| xboard_option(options, o))
        .collect()
}

/// The network `EvalFile` names: `None` for [`BUILTIN_NET`], else the file read and checked.
pub fn load_net(name: &str) -> Result<Option<Network>, String> {
    if name == BUILTIN_NET {
        return Ok(None);
    }
    let bytes =
        crate::nnue::network::read_file(std::path::Path::new(name)).map_err(|e| e.to_string())?;
    Network::from_bytes(&bytes)
        .map(Some)
        .map_err(|e| e.to_string())
}

/// Applies the network options of `options` to a new session's `thinker` (`UseNNUE`, and the
/// `EvalFile` of `engine.toml`); what to tell the user when the file cannot be used.
pub fn start_net(options: &Options, thinker: &mut Thinker) -> Option<Notice> {
    thinker.set_use_nnue(options.use_nnue);
    match load_net(&options.eval_file) {
        Ok(net) => {
            thinker.set_net(net.map(std::sync::Arc::new));
            None
        }
        Err(e) => {
            let text = format!(
                "EvalFile {}: {e}; using the built-in networks",
                options.eval_file
            );
            log::error!("{text}");
            Some(Notice {
                text,
                refused: true,
            })
        }
    }
}

/// Something the user must be told about an option: each protocol says it its own way (UCI
/// `info string`, XBoard `telluser` or, for a refusal, `tellusererror`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// What happened, in words.
    pub text: String,
    /// True when the change was refused (nothing changed).
    pub refused: bool,
}

/// What to say when a hash table of `asked` MB was wanted and `outcome` came of it (`kept`: the
/// size of the table kept on a refusal); `None` when the table is as asked.
pub fn hash_notice(asked: u64, outcome: &Result<u64, HashError>, kept: u64) -> Option<Notice> {
    match outcome {
        Ok(granted) if *granted == asked => None,
        Ok(granted) => Some(Notice {
            text: format!("Hash {asked} MB is more than this machine can give; using {granted} MB"),
            refused: false,
        }),
        Err(e) => Some(Notice {
            text: format!("Hash {asked} MB cannot be had ({e}); keeping the {kept} MB table"),
            refused: true,
        }),
    }
}

/// What an option change may touch in a session; each protocol's session says how.
pub trait Effects {
    /// Stops the running search for good: its answer is not wanted.
    fn stop_search(&mut self);
    /// The search thread.
    fn thinker(&mut self) -> &mut Thinker;
    /// Starts a new game of `variant` (the table's `variant` and `courier_start` apply).
    fn restart_game(&mut self, variant: Variant) -> std::io::Result<()>;
    /// Pondering was turned off: a search on the opponent's time stops.
    fn stop_pondering(&mut self);
    /// The table's size is now `mb` (what was granted or kept, perhaps not what was asked): the
    /// session's option value follows it.
    fn hash_is(&mut self, mb: u64);
    /// Tells the user.
    fn notify(&mut self, notice: Notice) -> std::io::Result<()>;
}

/// Applies the side effects of `opt` having changed to its value in `options`: a new hash
/// table (or, when the memory cannot be had, the old one kept, and the user told), a thread
/// count, a new game of another variant, pondering off, the log level.
pub fn apply(opt: Opt, options: &Options, session: &mut impl Effects) -> std::io::Result<()> {
    match opt {
        Opt::Hash => {
            session.stop_search();
            let kept = session.thinker().hash_mb();
            let outcome = session.thinker().set_hash(options.hash_mb);
            session.hash_is(*outcome.as_ref().unwrap_or(&kept));
            if let Some(notice) = hash_notice(options.hash_mb, &outcome, kept) {
                session.notify(notice)?;
            }
        }
        Opt::Threads => {
            session.stop_search();
            session.thinker().set_threads(options.threads);
        }
        Opt::UseNnue => {
            session.stop_search();
            session.thinker().set_use_nnue(options.use_nnue);
        }
        Opt::EvalFile => {
            session.stop_search();
            match load_net(&options.eval_file) {
                Ok(net) => {
                    let text = match &net {
                        Some(n) => format!(
                            "EvalFile {}: network for {} ({:016x})",
                            options.eval_file,
                            n.variant(),
                            n.hash()
                        ),
                        None => "EvalFile builtin: the built-in networks".to_string(),
                    };
                    session.thinker().set_net(net.map(std::sync::Arc::new));
                    session.notify(Notice {
                        text,
                        refused: false,
                    })?;
                }
                Err(e) => {
                    let text = format!(
                        "EvalFile {}: {e}; keeping the network in use",
                        options.eval_file
                    );
                    // On stderr too, for a GUI that shows no engine output.
                    log::error!("{text}");
                    session.notify(Notice {
                        text,
                        refused: true,
                    })?
                }
            }
        }
        Opt::Variant => session.restart_game(options.variant)?,
        Opt::Ponder if !options.ponder => session.stop_pondering(),
        Opt::LogLevel => log::set_max_level(options.log_level),
        // Read when next used: the next search (MultiPV, Move Overhead), the next new game
        // (CourierStart), the next `go ponder` (Ponder on), the next move sent to XBoard
        // (XBoardShortCaptures).
        Opt::Ponder
        | Opt::MultiPv
        | Opt::MoveOverhead
        | Opt::CourierStart
        | Opt::XBoardShortCaptures => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn protocol_lines_come_from_the_table() {
        let o = Options::default();
        let uci: Vec<String> = Opt::ALL
            .into_iter()
            .map(|opt| uci_option(&o, opt).to_string())
            .collect();
        assert!(uci.contains(
            &"option name UCI_Variant type combo default courier var courier var schachdame var dualcheckers".to_string()
        ));
        assert!(uci.contains(
            &"option name Move Overhead type spin default 30 min 0 max 5000".to_string()
        ));
        assert!(uci.contains(&"option name Ponder type check default false".to_string()));
        let xb: Vec<String> = xboard_options(&o).iter().map(|x| x.to_string()).collect();
        assert!(xb.contains(&"CourierStart -combo *auto /// ceremony /// array".to_string()));
        assert!(xb.contains(&"Hash -spin 64 1 65536".to_string()));
        assert!(xb.contains(&"Ponder -check 0".to_string()));
        assert!(xb.contains(&"XBoardShortCaptures -check 1".to_string()));
        assert!(!xb.iter().any(|l| l.contains("UCI_Variant")));
    }

    /// Records what an option change asked of a session.
    struct Probe {
        thinker: Thinker,
        calls: Vec<String>,
    }

    impl Effects for Probe {
        fn stop_search(&mut self) {
            self.calls.push("stop".into());
        }
        fn thinker(&mut self) -> &mut Thinker {
            self.calls.push("thinker".into());
            &mut self.thinker
        }
        fn restart_game(&mut self, variant: Variant) -> std::io::Result<()> {
            self.calls.push(format!("new {variant}"));
            Ok(())
        }
        fn stop_pondering(&mut self) {
            self.calls.push("ponder off".into());
        }
        fn hash_is(&mut self, mb: u64) {
            self.calls.push(format!("hash {mb}"));
        }
        fn notify(&mut self, notice: Notice) -> std::io::Result<()> {
            self.calls.push(format!("say {}", notice.text));
            Ok(())
        }
    }

    #[test]
    fn each_option_has_its_effect() {
        let mut o = Options::default();
        let mut probe = Probe {
            thinker: Thinker::new(1, 1),
            calls: Vec::new(),
        };
        let mut effect = |name: &str, value: &str, o: &mut Options| {
            probe.calls.clear();
            let opt = o.set(name, value).unwrap();
            apply(opt, o, &mut probe).unwrap();
            probe.calls.join(", ")
        };
        assert_eq!(
            effect("Hash", "2", &mut o),
            "stop, thinker, thinker, hash 2"
        );
        assert_eq!(effect("Threads", "2", &mut o), "stop, thinker");
        assert_eq!(effect("UCI_Variant", "courier", &mut o), "new courier");
        assert_eq!(effect("Ponder", "true", &mut o), "");
        assert_eq!(effect("Ponder", "false", &mut o), "ponder off");
        assert_eq!(effect("MultiPV", "2", &mut o), "");
        assert_eq!(effect("XBoardShortCaptures", "false", &mut o), "");
    }

    #[test]
    fn a_hash_that_differs_from_the_asked_one_is_said() {
        assert_eq!(hash_notice(64, &Ok(64), 16), None);
        let capped = hash_notice(65536, &Ok(17800), 64).unwrap();
        assert_eq!(
            capped.text,
            "Hash 65536 MB is more than this machine can give; using 17800 MB"
        );
        assert!(!capped.refused);
        let refused = hash_notice(4096, &Err(HashError::OutOfMemory { mb: 4096 }), 64).unwrap();
        assert_eq!(
            refused.text,
            "Hash 4096 MB cannot be had (could not allocate a hash table of 4096 MB); keeping the 64 MB table"
        );
        assert!(refused.refused);
    }
}
