//! `kurier play`: a person plays Kurier at the terminal.
//!
//! The loop is [`Play`], generic over the game, the input ([`BufRead`]) and the output
//! ([`Write`]), so tests drive it with scripted input and read what it prints. It shows a board
//! diagram drawn from the position's FEN ([`diagram`]), reads moves in every notation the game
//! accepts ([`Presentation::read_move`]: protocol notation, and SAN for the two chess games)
//! and commands (`help`, `moves`, `legal`, `pgn FILE`, `hint`, `go`, `undo`, `flip`,
//! `fen`, `new`, `quit`), answers a mistyped or illegal move with the legal moves, and ends the
//! game by Kurier's rules ([`GameRecord::outcome`]) or a fallen clock. Both sides' moves are
//! shown in the game's notation for people: SAN in Courier chess and Schachdame, the checkers
//! notation in Dual checkers; `moves` lists them, `pgn FILE` saves the game ([`pgn`]). Kurier
//! thinks in the same thread with [`Searcher`]: the loop waits for its move, which suits a
//! terminal game.
//!
//! On a clock both sides' time runs: the person's while the loop waits for their line, Kurier's
//! while it thinks; a side whose time runs out loses. The input is read on a thread
//! ([`lines::Lines`]) and the wait ends at the moment the person's time runs out, so the flag
//! falls at once, typed or not, and the result is printed. The prompt shows the person's time
//! left (`White 4:59.8> `); at a terminal ([`PlayOptions::live`]) it is redrawn in place as the
//! clock runs. At a terminal the line is edited with [`editor`] (arrow keys, history).
//!
//! Input comes from people: a line longer than [`input::MAX_LINE`], or not UTF-8, is answered
//! with an error and the game goes on; the end of input ends the session cleanly.

pub mod clocks;
pub mod diagram;
pub mod editor;
pub mod held;
pub mod input;
pub mod lines;
pub mod pgn;
pub mod present;

pub use clocks::{Clocks, TimeControl};
use diagram::Style;
use held::Held;
use input::Line;
use kurier_engine::search::{FromInternal, Info, Limits, Score, Searcher};
use kurier_rules::game::{Color, MoveError, Outcome, Reason};
use kurier_rules::games::Variant;
use kurier_rules::record::GameRecord;
use kurier_rules::with_game;
use lines::Lines;
use pgn::{GameInfo, SavedMove, Standing};
use present::{legal_moves, typeable, Glyphs, Marks, Presentation};
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How long Kurier thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineLimit {
    /// Both sides play on a clock (`--tc`); Kurier shares out its own time.
    Clock(TimeControl),
    /// A fixed time per move (`--st SECONDS`).
    MoveTime(Duration),
    /// A fixed search depth (`--depth N`).
    Depth(u32),
}

impl Default for EngineLimit {
    /// One second a move: quick enough to be pleasant, strong enough to be a game.
    fn default() -> Self {
        EngineLimit::MoveTime(Duration::from_secs(1))
    }
}

/// Everything `kurier play` is started with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayOptions {
    /// The game.
    pub variant: Variant,
    /// The start position; the game's start when `None`.
    pub fen: Option<String>,
    /// How long Kurier thinks.
    pub limit: EngineLimit,
    /// The side the person plays.
    pub human: Color,
    /// Search threads.
    pub threads: usize,
    /// Transposition table size in MB.
    pub hash_mb: u64,
    /// Pieces as their FEN letters (the default); false draws figures (`--glyphs`).
    pub ascii: bool,
    /// ANSI colour: the pieces by side, the marked squares (`--color`; `auto` is a terminal
    /// without `NO_COLOR`).
    pub colour: bool,
    /// The clock in the prompt is redrawn in place as it runs (ANSI cursor save and restore);
    /// only for a terminal.
    pub live: bool,
}

impl PlayOptions {
    /// The defaults for `variant`: the start position, one second a move, the person plays
    /// White, one thread, 64 MB, letters, no colour, no redrawn clock.
    pub fn new(variant: Variant) -> Self {
        PlayOptions {
            variant,
            fen: None,
            limit: EngineLimit::default(),
            human: Color::White,
            threads: 1,
            hash_mb: 64,
            ascii: true,
            colour: false,
            live: false,
        }
    }
}

/// Why a terminal game could not be played.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    /// The start FEN was refused.
    #[error("bad FEN '{fen}': {source}")]
    Fen {
        /// The FEN given.
        fen: String,
        /// Why it was refused.
        source: kurier_rules::game::FenError,
    },
    /// The time control has no clock to show.
    #[error("time control '{0}': play needs a clock, [MOVES/]BASE[+INC] (for a fixed time a move use --st)")]
    NoClock(TimeControl),
    /// Writing to the terminal failed.
    #[error("output: {0}")]
    Output(#[from] std::io::Error),
    /// The thread that reads the input could not be started.
    #[error("input: {0}")]
    Input(std::io::Error),
}

/// How often the clock in a terminal's prompt is redrawn: it shows tenths.
const TICK: Duration = Duration::from_millis(100);

/// Plays a game of `options.variant` with the person at `input`/`output` until `quit` or the end
/// of input. `input` is read on a thread of its own (so it must be `Send` and own its data); the
/// game writes the prompts. Errors: a bad FEN, or the output failing.
pub fn run<R: BufRead + Send + 'static, W: Write>(
    input: R,
    output: W,
    options: &PlayOptions,
) -> Result<(), PlayError> {
    run_with(
        Lines::spawn(input).map_err(PlayError::Input)?,
        output,
        options,
    )
}

/// [`run`] with the person at the terminal: stdin read with line editing and history
/// ([`editor`]), which draws the prompts on stdout; `output` should be stdout too.
pub fn run_at_terminal<W: Write>(output: W, options: &PlayOptions) -> Result<(), PlayError> {
    run_with(
        Lines::terminal().map_err(PlayError::Input)?,
        output,
        options,
    )
}

fn run_with<W: Write>(input: Lines, output: W, options: &PlayOptions) -> Result<(), PlayError> {
    with_game!(options.variant, G => {
        let mut play = Play::<G, W>::new(input, output, options)?;
        Ok(play.run()?)
    })
}

/// A move that was played, as it is shown.
#[derive(Clone, Debug)]
struct Played {
    /// Who played it.
    side: Color,
    /// Its text and note (`Nc3+ (check)`, `f6:d4:d3 (takes e5, d3)`).
    text: String,
    /// The move alone in the game's notation (`Nc3+`), for the move list and PGN.
    notation: String,
    /// Kurier's comment on its own move, for PGN (`+0.35/9 1.2s`).
    comment: Option<String>,
    /// The squares to mark.
    marks: Marks,
}

/// A game between a person and Kurier over a text stream. See the [module docs](self).
pub struct Play<G: Presentation, W> {
    /// The game (`G`'s), for the PGN.
    variant: Variant,
    input: Lines,
    out: Held<W>,
    limit: EngineLimit,
    style: Style,
    /// Redraw the prompt's clock as it runs (a terminal).
    live: bool,
    /// The width of the clock in the prompt last written, kept when it is redrawn.
    prompt_clock: usize,
    /// Where `new` starts.
    initial: G,
    record: GameRecord<G>,
    /// One entry per move of `record`.
    played: Vec<Played>,
    /// The side the person plays.
    human: Color,
    searcher: Searcher,
    clocks: Option<Clocks>,
    /// When the person's current turn began (their clock runs from there).
    turn_start: Option<Instant>,
    /// The side whose time ran out.
    flag: Option<Color>,
    /// The position changed since it was last drawn.
    redraw: bool,
}

/// The commands before `undo`, for `help`.
const HELP: &str = "\
Commands:
  MOVE      play a move (notation below)
  moves     the moves of the game so far, numbered
  legal     list the legal moves
  pgn FILE  save the game so far as PGN in FILE
  hint      Kurier suggests a move (a short search)
  go        Kurier plays the side to move; you take the other side (the board turns to it)";

/// The commands after `undo`, for `help`.
const HELP_AFTER_UNDO: &str = "  flip      turn the board around
  board     show the board again
  fen       print the position as FEN
  new       start a new game
  help      this text
  quit      leave (the end of input, Ctrl-D, does the same)";

impl<G: Presentation, W: Write> Play<G, W> {
    /// A game set up from `options` (the variant must be `G`'s); `input` is read on a thread of
    /// its own.
    pub fn new(input: Lines, output: W, options: &PlayOptions) -> Result<Self, PlayError> {
        let initial = match &options.fen {
            Some(fen) => G::from_fen(fen).map_err(|source| PlayError::Fen {
                fen: fen.clone(),
                source,
            })?,
            None => G::start(),
        };
        let clocks = match options.limit {
            EngineLimit::Clock(tc) if tc.is_clock() => Some(Clocks::new(tc)),
            EngineLimit::Clock(tc) => return Err(PlayError::NoClock(tc)),
            _ => None,
        };
        let glyphs = match (options.ascii, options.colour) {
            (true, _) => Glyphs::Letters,
            (false, false) => Glyphs::Figures,
            // Colour tells the sides apart: solid figures for both read the same on any
            // background.
            (false, true) => Glyphs::SolidFigures,
        };
        Ok(Play {
            variant: options.variant,
            input,
            out: Held::new(output),
            limit: options.limit,
            style: Style {
                glyphs,
                colour: options.colour,
                bottom: options.human,
            },
            live: options.live,
            prompt_clock: 0,
            record: GameRecord::new(initial.clone()),
            initial,
            played: Vec::new(),
            human: options.human,
            searcher: Searcher::new(options.hash_mb.max(1), options.threads.max(1)),
            clocks,
            turn_start: None,
            flag: None,
            redraw: true,
        })
    }

    /// The game so far.
    pub fn record(&self) -> &GameRecord<G> {
        &self.record
    }

    /// Runs the session until `quit` or the end of input. Only a failing input or output is an
    /// error.
    pub fn run(&mut self) -> io::Result<()> {
        self.welcome()?;
        loop {
            if !self.over() && self.side() != self.human {
                self.engine_move()?;
                continue;
            }
            if self.redraw {
                self.redraw = false;
                self.show_position()?;
            }
            if !self.over() && self.turn_start.is_none() {
                self.turn_start = Some(Instant::now());
            }
            self.prompt_clock = 0;
            let prompt = self.prompt();
            match self.out.release() {
                // Said while the line editor had the line open: printed above it.
                Some(text) => self.input.print_above(&mut self.out, text)?,
                None => self.input.show_prompt(&mut self.out, &prompt)?,
            }
            let Some(line) = self.wait_line()? else {
                // The person's time ran out while the loop waited: the game is over, and the
                // next round of the loop shows how it ended.
                continue;
            };
            let line = match line {
                Line::Eof => {
                    writeln!(self.out)?;
                    writeln!(self.out, "End of input: goodbye.")?;
                    return self.out.flush();
                }
                Line::Interrupted => {
                    writeln!(self.out, "Interrupted: goodbye.")?;
                    return self.out.flush();
                }
                Line::TooLong => {
                    writeln!(
                        self.out,
                        "That line is too long (over {} bytes); type a move or 'help'.",
                        input::MAX_LINE
                    )?;
                    continue;
                }
                Line::NotUtf8 => {
                    writeln!(
                        self.out,
                        "That line is not valid UTF-8 text; type a move or 'help'."
                    )?;
                    continue;
                }
                Line::Text(t) => t,
            };
            log::debug!("play: input {line:?}");
            // A fallen clock ends the game; the line is still answered (`quit` still quits).
            self.check_flag()?;
            if !self.handle(line.trim())? {
                return self.out.flush();
            }
        }
    }

    /// The prompt: the side to move and, on a clock, the person's time left (`White 0:04.2> `),
    /// or `> ` when the game is over. The clock keeps the width it had when the prompt was first
    /// written, so a redrawn prompt covers the same columns.
    fn prompt(&mut self) -> String {
        if self.over() {
            return "> ".to_string();
        }
        let side = self.side().name();
        match self.clocks_now() {
            Some(clocks) if self.side() == self.human => {
                let left = clocks::show(clocks.left(self.human));
                self.prompt_clock = self.prompt_clock.max(left.len());
                format!("{side} {left:>0$}> ", self.prompt_clock)
            }
            _ => format!("{side}> "),
        }
    }

    /// When the person's clock falls if they do not move: on their turn, on a clock.
    fn flag_time(&self) -> Option<Instant> {
        if self.over() || self.side() != self.human {
            return None;
        }
        let (clocks, start) = (self.clocks.as_ref()?, self.turn_start?);
        Some(start + clocks.left(self.human))
    }

    /// Waits for the person's next line while their clock runs. `None` when their time ran out
    /// first: the game is then over and the flag has been announced. At a terminal the prompt's
    /// clock is redrawn every [`TICK`] meanwhile.
    fn wait_line(&mut self) -> io::Result<Option<Line>> {
        loop {
            let flag_at = self.flag_time();
            let wake = match flag_at {
                Some(at) if self.live => Some(at.min(Instant::now() + TICK)),
                other => other,
            };
            if let Some(line) = self.input.next_before(wake)? {
                return Ok(Some(line));
            }
            if flag_at.is_some_and(|at| Instant::now() >= at) {
                // The line editor keeps its prompt until the line is typed: it shows the fallen
                // clock.
                let prompt = self.prompt();
                self.input.set_prompt(&prompt);
                if self.input.is_editor() {
                    // Until the next prompt; the editor prints it above the open line.
                    self.out.hold();
                } else {
                    // Off the prompt's line (and whatever was typed on it) first.
                    writeln!(self.out)?;
                }
                if self.check_flag()? {
                    return Ok(None);
                }
            } else if self.live {
                // The prompt written over itself, the cursor left where the person is typing.
                let prompt = self.prompt();
                self.input.redraw_prompt(&mut self.out, &prompt)?;
            }
        }
    }

    /// The clocks as they stand now: the person's charged with the time of the turn so far.
    fn clocks_now(&self) -> Option<Clocks> {
        let mut clocks = self.clocks?;
        if let Some(start) = self.turn_start {
            // A fallen clock shows zero; the flag itself is `check_flag`'s to call.
            let _ = clocks.charge(self.human, start.elapsed());
        }
        Some(clocks)
    }

    /// The plies `undo` would take back now, or why it cannot: back to the person's turn, their
    /// move and Kurier's reply, or only their own move when Kurier has not replied (the game
    /// ended with it).
    fn undo_plies(&self) -> Result<usize, &'static str> {
        if self.flag.is_some() {
            return Err("the game was decided on time");
        }
        let plies = if self.side() == self.human { 2 } else { 1 };
        if self.played.len() < plies {
            return Err("nothing to take back");
        }
        Ok(plies)
    }

    /// What the person can do once the game is over; `undo` only when it works.
    fn after_game(&self) -> &'static str {
        if self.undo_plies().is_ok() {
            "Type 'new' to play again, 'undo' to take back, or 'quit'."
        } else {
            "Type 'new' to play again, or 'quit'."
        }
    }

    /// The side to move.
    fn side(&self) -> Color {
        self.record.current().side_to_move()
    }

    /// True when the game has ended, by the rules or on time.
    fn over(&self) -> bool {
        self.flag.is_some() || self.record.outcome().is_some()
    }

    /// The result in words, when the game is over: `White wins by checkmate, 1-0`.
    fn result_text(&self) -> Option<String> {
        match self.standing() {
            Standing::Going => None,
            Standing::Ended(score, words) | Standing::OnTime(score, words) => {
                Some(format!("{words}, {score}"))
            }
        }
    }

    /// How the game stands: going on, or its result and the reason in words.
    fn standing(&self) -> Standing {
        if let Some(loser) = self.flag {
            let winner = !loser;
            let score = if winner == Color::White { "1-0" } else { "0-1" };
            return Standing::OnTime(
                score.to_string(),
                format!(
                    "{} wins on time: {}'s clock ran out",
                    winner.name(),
                    loser.name()
                ),
            );
        }
        let Some(outcome) = self.record.outcome() else {
            return Standing::Going;
        };
        let words = match outcome {
            Outcome::Win {
                winner,
                reason: Reason::NoLegalMove,
            } => format!(
                "{} wins: {} has no legal move",
                winner.name(),
                (!winner).name()
            ),
            Outcome::Win {
                winner,
                reason: Reason::BareKing,
            } => format!(
                "{} wins by the bare-king rule: {} cannot keep its king company",
                winner.name(),
                (!winner).name()
            ),
            Outcome::Win { winner, reason } => format!("{} wins by {reason}", winner.name()),
            Outcome::Draw(reason) => format!("Draw by {reason}"),
        };
        Standing::Ended(outcome.result_str().to_string(), words)
    }

    fn limit_text(&self) -> String {
        match self.limit {
            EngineLimit::Clock(tc) => format!("clock {}", clocks::describe(tc)),
            EngineLimit::MoveTime(t) => format!("{} s a move", t.as_secs_f64()),
            EngineLimit::Depth(d) => format!("depth {d}"),
        }
    }

    fn welcome(&mut self) -> io::Result<()> {
        writeln!(
            self.out,
            "Kurier {} plays {}. You play {}, Kurier plays {} ({}).",
            env!("CARGO_PKG_VERSION"),
            G::TITLE,
            self.human.name(),
            (!self.human).name(),
            self.limit_text()
        )?;
        if self.clocks.is_some() {
            writeln!(
                self.out,
                "Your clock runs while the prompt waits (it shows your time), Kurier's while it \
                 thinks; a side whose time runs out loses."
            )?;
        }
        writeln!(
            self.out,
            "Type a move, or 'help' for the commands and how to write moves."
        )
    }

    /// The board, the last move, the clocks, and whose turn it is or how the game ended.
    fn show_position(&mut self) -> io::Result<()> {
        let pos = self.record.current();
        let marks = self.played.last().map(|p| &p.marks);
        let board = diagram::render::<G>(&pos.fen(), marks, &self.style);
        writeln!(self.out)?;
        write!(self.out, "{board}")?;
        if let Some(last) = self.played.last() {
            writeln!(self.out, "Last move: {} {}", last.side.name(), last.text)?;
        }
        if let Some(clocks) = self.clocks_now() {
            writeln!(self.out, "Clocks: {clocks}")?;
        }
        if let Some(result) = self.result_text() {
            writeln!(self.out, "Game over: {result}.")?;
            writeln!(self.out, "{}", self.after_game())?;
            return Ok(());
        }
        let side = self.side();
        let number = pos
            .fen()
            .split_whitespace()
            .last()
            .and_then(|n| n.parse::<u32>().ok());
        let check = if pos.in_check() { " (in check)" } else { "" };
        match number {
            Some(n) => writeln!(self.out, "Move {n}: {} to move{check}.", side.name())?,
            None => writeln!(self.out, "{} to move{check}.", side.name())?,
        }
        if side == self.human && pos.must_capture() {
            let captures = legal_moves(pos);
            writeln!(
                self.out,
                "You must capture (captures are compulsory): {}",
                captures.join("  ")
            )?;
        }
        Ok(())
    }

    /// When the person's clock has fallen, ends the game and says so (true).
    fn check_flag(&mut self) -> io::Result<bool> {
        match self.flag_time() {
            Some(at) if Instant::now() >= at => {}
            _ => return Ok(false),
        }
        self.charge_thinking();
        self.flag = Some(self.human);
        self.redraw = true;
        writeln!(self.out, "Your time ran out.")?;
        self.out.flush()?;
        Ok(true)
    }

    /// Charges the person's clock for the time since their turn began (without increment).
    fn charge_thinking(&mut self) {
        let spent = self.turn_start.take().map(|t| t.elapsed());
        if let (Some(c), Some(spent)) = (self.clocks.as_mut(), spent) {
            if !c.charge(self.human, spent) {
                self.flag = Some(self.human);
            }
        }
    }

    /// Answers one line. False when the session ends.
    fn handle(&mut self, line: &str) -> io::Result<bool> {
        if line.is_empty() {
            return Ok(true);
        }
        match line.to_ascii_lowercase().as_str() {
            "quit" | "exit" | "q" => {
                writeln!(self.out, "Goodbye.")?;
                return Ok(false);
            }
            "help" | "?" | "h" => self.help()?,
            "moves" | "list" => self.move_list()?,
            "legal" => self.list_legal()?,
            "pgn" => writeln!(
                self.out,
                "Type 'pgn FILE' to save the game so far as PGN in FILE."
            )?,
            lower if lower.starts_with("pgn ") || lower.starts_with("pgn\t") => {
                self.save_pgn(line[3..].trim())?
            }
            "hint" => self.hint()?,
            "go" => self.go()?,
            "undo" | "takeback" | "back" => self.undo()?,
            "flip" => {
                self.style.bottom = !self.style.bottom;
                self.redraw = true;
            }
            "board" | "show" => self.redraw = true,
            "fen" => writeln!(self.out, "{}", self.record.current().fen())?,
            "new" => self.new_game()?,
            _ => self.human_move(line)?,
        }
        Ok(true)
    }

    fn help(&mut self) -> io::Result<()> {
        writeln!(self.out, "{HELP}")?;
        match self.undo_plies() {
            Ok(2) => writeln!(
                self.out,
                "  undo      take back your last move and Kurier's reply"
            )?,
            Ok(_) => writeln!(self.out, "  undo      take back your last move")?,
            Err(why) => writeln!(self.out, "  undo      (not now: {why})")?,
        }
        writeln!(self.out, "{HELP_AFTER_UNDO}")?;
        writeln!(self.out)?;
        writeln!(self.out, "{}", G::notation_help())?;
        let style = self.style;
        writeln!(
            self.out,
            "{}",
            G::legend(&|c| diagram::piece::<G>(c, &style))
        )?;
        if style.colour {
            writeln!(
                self.out,
                "Colours: White's pieces {}, Black's {}; the last move in {} brackets, and {} \
                 where a piece was taken.",
                paint(diagram::WHITE_PIECE, "cyan"),
                paint(diagram::BLACK_PIECE, "magenta"),
                paint(diagram::HIGHLIGHT, "yellow"),
                paint(diagram::CAPTURED, "a red x")
            )?;
        }
        writeln!(
            self.out,
            "The board: [ ] marks the last move's squares; 'flip' turns it around."
        )
    }

    /// `moves`: the moves played so far, numbered, and the result when the game is over.
    fn move_list(&mut self) -> io::Result<()> {
        let texts: Vec<&str> = self.played.iter().map(|p| p.notation.as_str()).collect();
        let list = pgn::move_list(&self.initial.fen(), &texts);
        writeln!(self.out, "Moves ({}):", texts.len())?;
        writeln!(self.out, "{list}")?;
        if let Some(result) = self.result_text() {
            writeln!(self.out, "  {result}")?;
        }
        Ok(())
    }

    /// `pgn FILE`: the game so far written to `file` as PGN. A file that cannot be written is
    /// reported, and the game goes on.
    fn save_pgn(&mut self, file: &str) -> io::Result<()> {
        let path = expand_home(unquote(file));
        let kurier = format!("Kurier {}", env!("CARGO_PKG_VERSION"));
        let (white, black) = match self.human {
            Color::White => ("Human".to_string(), kurier),
            Color::Black => (kurier, "Human".to_string()),
        };
        let start_fen = self.initial.fen();
        let info = GameInfo {
            variant: self.variant,
            standard_start: start_fen == G::start().fen(),
            start_fen,
            white,
            black,
            standing: self.standing(),
            time_control: self.clocks.map(|c| c.control()),
            date: pgn::today(),
        };
        let moves: Vec<SavedMove> = self
            .played
            .iter()
            .map(|p| SavedMove {
                text: p.notation.clone(),
                comment: p.comment.clone(),
            })
            .collect();
        let text = pgn::game(&info, &moves).write();
        match std::fs::write(&path, text) {
            Ok(()) => writeln!(
                self.out,
                "Saved the game ({} moves) as PGN to {}.",
                moves.len(),
                path.display()
            ),
            Err(e) => writeln!(
                self.out,
                "Could not save the game to {}: {e}. The game goes on.",
                path.display()
            ),
        }
    }

    /// `legal`: the legal moves.
    fn list_legal(&mut self) -> io::Result<()> {
        if let Some(result) = self.result_text() {
            return writeln!(self.out, "No legal moves: the game is over ({result}).");
        }
        let pos = self.record.current();
        let moves = legal_moves(pos);
        let heading = if pos.must_capture() {
            format!(
                "{} must capture; legal moves ({})",
                self.side().name(),
                moves.len()
            )
        } else {
            format!("Legal moves ({})", moves.len())
        };
        writeln!(self.out, "{heading}:")?;
        writeln!(self.out, "{}", wrap(&moves, "  ", 78))
    }

    fn hint(&mut self) -> io::Result<()> {
        if let Some(result) = self.result_text() {
            return writeln!(self.out, "No hint: the game is over ({result}).");
        }
        let limits = match self.limit {
            EngineLimit::Depth(d) => Limits {
                depth: Some(d),
                ..Limits::default()
            },
            EngineLimit::MoveTime(t) => Limits {
                movetime: Some(t.min(Duration::from_millis(500))),
                ..Limits::default()
            },
            EngineLimit::Clock(_) => Limits {
                movetime: Some(Duration::from_millis(500)),
                ..Limits::default()
            },
        };
        let result = self.searcher.search(&self.record, &limits, &mut log_info);
        let pos = self.record.current();
        match result.best {
            Some(mv) => {
                let note = describe(pos, mv);
                writeln!(
                    self.out,
                    "Hint: {note}.  [{}]",
                    score_text(result.score, result.depth, pos.side_to_move())
                )
            }
            None => writeln!(self.out, "No hint: there is no legal move."),
        }
    }

    fn go(&mut self) -> io::Result<()> {
        if let Some(result) = self.result_text() {
            return writeln!(
                self.out,
                "The game is over ({result}); 'new' starts another."
            );
        }
        let side = self.side();
        self.charge_thinking();
        if self.flag.is_some() {
            self.redraw = true;
            return writeln!(self.out, "Your time ran out.");
        }
        self.human = !side;
        // The board is drawn from the person's side, now the other one.
        self.style.bottom = self.human;
        self.redraw = true;
        writeln!(
            self.out,
            "Kurier now plays {}; you play {}.",
            side.name(),
            self.human.name()
        )
    }

    fn undo(&mut self) -> io::Result<()> {
        let plies = match self.undo_plies() {
            Ok(plies) => plies,
            Err(_) if self.flag.is_some() => {
                return writeln!(
                    self.out,
                    "The game was decided on time; 'new' starts another."
                )
            }
            Err(_) => return writeln!(self.out, "Nothing to take back."),
        };
        self.charge_thinking();
        if self.flag.is_some() {
            self.redraw = true;
            return writeln!(self.out, "Your time ran out.");
        }
        let mut taken = Vec::new();
        for _ in 0..plies {
            self.record.undo();
            if let Some(p) = self.played.pop() {
                taken.push(p.text);
            }
        }
        self.redraw = true;
        writeln!(self.out, "Taken back: {}.", taken.join(", "))
    }

    fn new_game(&mut self) -> io::Result<()> {
        self.record = GameRecord::new(self.initial.clone());
        self.played.clear();
        self.clocks = self.clocks.map(|c| Clocks::new(c.control()));
        self.turn_start = None;
        self.flag = None;
        self.searcher.clear();
        self.redraw = true;
        writeln!(
            self.out,
            "New game. You play {}, Kurier plays {}.",
            self.human.name(),
            (!self.human).name()
        )
    }

    /// Plays `mv` for the side to move and remembers how to show it; `comment` is Kurier's
    /// comment on its move, for PGN.
    fn play(&mut self, mv: G::Move, comment: Option<String>) -> String {
        let pos = self.record.current();
        let side = pos.side_to_move();
        let text = describe(pos, mv);
        let notation = move_text(pos, mv);
        let marks = pos.marks(mv);
        self.record.play(mv);
        self.played.push(Played {
            side,
            text: text.clone(),
            notation,
            comment,
            marks,
        });
        self.redraw = true;
        log::info!("play: {} {text}", side.name());
        text
    }

    fn human_move(&mut self, text: &str) -> io::Result<()> {
        if let Some(result) = self.result_text() {
            let next = self.after_game();
            return writeln!(self.out, "The game is over ({result}). {next}");
        }
        let pos = self.record.current();
        match pos.read_move(text) {
            Ok(mv) => {
                let spent = self.turn_start.take().map(|t| t.elapsed());
                if let (Some(c), Some(spent)) = (self.clocks.as_mut(), spent) {
                    if !c.charge_move(self.human, spent) {
                        self.flag = Some(self.human);
                        self.redraw = true;
                        return writeln!(self.out, "Your time ran out.");
                    }
                }
                let shown = self.play(mv, None);
                writeln!(self.out, "You play {shown}.")
            }
            Err(MoveError::Ambiguous { candidates, .. }) => {
                let moves: Vec<Option<G::Move>> =
                    candidates.iter().map(|c| pos.parse_move(c).ok()).collect();
                let shown: Vec<String> = candidates
                    .iter()
                    .zip(&moves)
                    .map(|(c, mv)| match mv {
                        // SAN and the coordinates, which always name the one move.
                        Some(mv) => match pos.san_text(*mv) {
                            Some(san) => format!("{san} ({})", pos.format_move(*mv)),
                            None => typeable(pos, *mv),
                        },
                        None => c.clone(),
                    })
                    .collect();
                let how = if G::san_letters().is_empty() {
                    "type the whole path"
                } else {
                    "type one of"
                };
                writeln!(
                    self.out,
                    "'{text}' could mean {} moves; {how}: {}",
                    shown.len(),
                    shown.join("  ")
                )
            }
            Err(e) => {
                let legal = legal_moves(pos);
                let letters = G::san_letters();
                let why = match e {
                    // `Nc3` in Schachdame: SAN-shaped, with a letter the game has no piece for.
                    MoveError::Syntax(_)
                        if !letters.is_empty()
                            && text.chars().next().is_some_and(|c| {
                                c.is_ascii_uppercase() && !letters.contains(&c)
                            })
                            && text.chars().nth(1).is_some_and(|c| c.is_ascii_lowercase()) =>
                    {
                        let names: Vec<String> = letters.iter().map(char::to_string).collect();
                        format!(
                            "'{text}' is not a move: {} has no piece {} (SAN letters: {}).",
                            G::TITLE,
                            text.chars().next().unwrap_or(' '),
                            names.join(", ")
                        )
                    }
                    MoveError::Syntax(_) => {
                        format!("'{text}' is neither a command nor a move (type 'help' for both).")
                    }
                    _ => format!("'{text}' is not a legal move here."),
                };
                writeln!(self.out, "{why}")?;
                if pos.must_capture() {
                    writeln!(
                        self.out,
                        "A capture is compulsory; your captures ({}):",
                        legal.len()
                    )?;
                } else {
                    writeln!(self.out, "Legal moves ({}):", legal.len())?;
                }
                writeln!(self.out, "{}", wrap(&legal, "  ", 78))
            }
        }
    }

    /// Kurier plays the side to move.
    fn engine_move(&mut self) -> io::Result<()> {
        let side = self.side();
        let limits = match self.limit {
            EngineLimit::Depth(d) => Limits {
                depth: Some(d),
                ..Limits::default()
            },
            EngineLimit::MoveTime(t) => Limits {
                movetime: Some(t),
                ..Limits::default()
            },
            EngineLimit::Clock(tc) => Limits {
                clock: Some(kurier_engine::search::Clock {
                    time_left: self.clocks.map_or(tc.base(), |c| c.left(side)),
                    increment: tc.increment(),
                    moves_to_go: self.clocks.and_then(|c| c.moves_to_go(side)),
                    overhead: Duration::from_millis(20),
                }),
                ..Limits::default()
            },
        };
        writeln!(self.out, "Kurier ({}) is thinking...", side.name())?;
        self.out.flush()?;
        let start = Instant::now();
        let result = self.searcher.search(&self.record, &limits, &mut log_info);
        let spent = start.elapsed();
        let Some(mv) = result.best else {
            // Only a finished game has no move, and the loop does not search one.
            self.redraw = true;
            return writeln!(self.out, "Kurier has no move.");
        };
        if let Some(c) = self.clocks.as_mut() {
            if !c.charge_move(side, spent) {
                self.flag = Some(side);
                self.redraw = true;
                return writeln!(self.out, "Kurier's time ran out.");
            }
        }
        let comment = pgn_comment(result.score, result.depth, spent);
        let shown = self.play(mv, Some(comment));
        writeln!(
            self.out,
            "Kurier plays {shown}.  [{}, {:.1} s]",
            score_text(result.score, result.depth, side),
            spent.as_secs_f64()
        )
    }
}

/// `text` in the ANSI `colour`.
fn paint(colour: &str, text: &str) -> String {
    format!("{colour}{text}{}", diagram::RESET)
}

/// The move in the game's notation for people: SAN where the game has it (`Nc3`, `c8=F`,
/// `Bc3#`), else the text people read and type (`f6:d4:d3`, docs/rules.md D11).
fn move_text<G: Presentation>(pos: &G, mv: G::Move) -> String {
    pos.san_text(mv).unwrap_or_else(|| typeable(pos, mv))
}

/// Kurier's comment on its move in a PGN, as cutechess writes it: `+0.35/9 1.2s`, `+M3/12 0.4s`
/// (the score for the side that moved).
fn pgn_comment(score: i32, depth: u32, spent: Duration) -> String {
    let score = match Score::from_internal(score) {
        Score::Cp(cp) => format!("{:+.2}", cp as f64 / 100.0),
        Score::Mate(n) if n > 0 => format!("+M{n}"),
        Score::Mate(n) => format!("-M{}", -n),
    };
    format!("{score}/{depth} {:.1}s", spent.as_secs_f64())
}

/// A file name typed in quotes, without them.
fn unquote(text: &str) -> &str {
    for q in ['"', '\''] {
        if let Some(inner) = text.strip_prefix(q).and_then(|t| t.strip_suffix(q)) {
            return inner;
        }
    }
    text
}

/// `~/FILE` in the home directory (`$HOME`), as a shell reads it; other names as they are.
fn expand_home(name: &str) -> PathBuf {
    match (name.strip_prefix("~/"), std::env::var_os("HOME")) {
        (Some(rest), Some(home)) if !home.is_empty() => Path::new(&home).join(rest),
        _ => PathBuf::from(name),
    }
}

/// The move's text with its note: `d2e3`, `f6:d4:d3 (takes e5, d3)`, `Bc3# (checkmate)`.
fn describe<G: Presentation>(pos: &G, mv: G::Move) -> String {
    let mut notes: Vec<String> = pos.move_note(mv).into_iter().collect();
    let next = pos.play(mv);
    if next.in_check() {
        let mate = next.count_moves() == 0;
        notes.push(if mate { "checkmate" } else { "check" }.to_string());
    }
    let text = move_text(pos, mv);
    if notes.is_empty() {
        text
    } else {
        format!("{text} ({})", notes.join("; "))
    }
}

/// `depth 9, eval +0.35 for Black` (in pawns, for the side that searched), or
/// `depth 5, White mates in 3`.
fn score_text(score: i32, depth: u32, side: Color) -> String {
    let side = side.name();
    match Score::from_internal(score) {
        Score::Cp(cp) => format!("depth {depth}, eval {:+.2} for {side}", cp as f64 / 100.0),
        Score::Mate(n) if n > 0 => format!("depth {depth}, {side} mates in {n}"),
        Score::Mate(n) => format!("depth {depth}, {side} is mated in {}", -n),
    }
}

fn log_info(info: &Info) {
    log::debug!(
        "play: depth {} score {:?} nodes {} pv {}",
        info.depth,
        info.score,
        info.nodes,
        info.pv.join(" ")
    );
}

/// The items joined by two spaces, in lines of at most `width` characters after `indent`.
fn wrap(items: &[String], indent: &str, width: usize) -> String {
    if items.is_empty() {
        return format!("{indent}(none)");
    }
    let mut out = String::new();
    let mut line = String::new();
    for item in items {
        if !line.is_empty() && indent.len() + line.len() + 2 + item.len() > width {
            out.push_str(indent);
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push_str("  ");
        }
        line.push_str(item);
    }
    out.push_str(indent);
    out.push_str(&line);
    out
}
