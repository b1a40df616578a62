//! `kurier net-upgrade OLD NEW`: a network file of the old format (`KURNNUE1`, `KURNNUE2`),
//! which the engine no longer reads because it proves nothing of itself (no feature set, no
//! quantisation, no checksum), read with every check it allows and written in the current one
//! (`KURNNUE3`: header, checksum; `kurier_engine::nnue::network`'s module docs). The weights
//! are the same, and so is the network's name (its hash).

use kurier_engine::nnue::{network, NetError, Network};
use std::path::{Path, PathBuf};

/// Why `kurier net-upgrade` stopped.
#[derive(Debug, thiserror::Error)]
pub enum NetUpgradeError {
    /// A file could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// The old file is not a network this engine can use.
    #[error("{}: {source}", path.display())]
    Net {
        /// The file.
        path: PathBuf,
        /// Why.
        source: NetError,
    },
}

/// What `kurier net-upgrade` did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Upgraded {
    /// The network, as it reads back from the new file.
    pub net: Network,
    /// The old file's format: its magic.
    pub from: String,
    /// The new file's size.
    pub bytes: usize,
}

/// Reads the network file `old` (the old format, or already the current one) and writes it in
/// the current format to `new`; the file written is read back with the engine's checks.
pub fn run(old: &Path, new: &Path) -> Result<Upgraded, NetUpgradeError> {
    let bytes = network::read_file(old).map_err(|source| NetUpgradeError::Io {
        path: old.to_path_buf(),
        source,
    })?;
    let net_error = |source| NetUpgradeError::Net {
        path: old.to_path_buf(),
        source,
    };
    let from = String::from_utf8_lossy(&bytes[..bytes.len().min(8)]).into_owned();
    let net = match Network::from_bytes(&bytes) {
        Ok(net) => net,
        Err(NetError::OldFormat(_)) => Network::from_old_bytes(&bytes).map_err(net_error)?,
        Err(e) => return Err(net_error(e)),
    };
    let out = net.to_bytes();
    std::fs::write(new, &out).map_err(|source| NetUpgradeError::Io {
        path: new.to_path_buf(),
        source,
    })?;
    let again = Network::from_bytes(&out).map_err(|source| NetUpgradeError::Net {
        path: new.to_path_buf(),
        source,
    })?;
    debug_assert_eq!(again, net);
    Ok(Upgraded {
        net: again,
        from,
        bytes: out.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurier_engine::nnue::network::{Activation, HIDDEN};

    fn dir() -> PathBuf {
        let d = std::env::temp_dir().join(format!("kurier-net-upgrade-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn an_old_file_is_written_anew_with_the_same_weights_and_name() {
        let inputs = 2 * 2 * 64;
        let ft_w: Vec<i16> = (0..inputs * HIDDEN).map(|i| (i % 61) as i16 - 30).collect();
        let ft_b: Vec<i16> = (0..HIDDEN).map(|i| i as i16).collect();
        let out_w: Vec<i16> = (0..2 * HIDDEN).map(|i| 50 - i as i16).collect();
        let net = Network::from_parts(
            "dualcheckers",
            inputs,
            Activation::SquaredClippedRelu,
            &ft_w,
            &ft_b,
            &out_w,
            -77,
        );
        let d = dir();
        let (old, new) = (d.join("old.nnue"), d.join("new.nnue"));
        std::fs::write(&old, net.to_old_bytes()).unwrap();
        let up = run(&old, &new).unwrap();
        assert_eq!(up.net, net);
        assert_eq!(up.from, "KURNNUE2");
        assert_eq!(std::fs::read(&new).unwrap(), net.to_bytes());
        assert_eq!(up.net.hash(), net.hash());
        // An old file naming a game the engine does not know is refused, nothing written.
        let mut wrong = net.to_old_bytes();
        wrong[9..21].copy_from_slice(b"DUALCHECKERS");
        std::fs::write(&old, wrong).unwrap();
        let gone = d.join("never.nnue");
        assert!(matches!(
            run(&old, &gone),
            Err(NetUpgradeError::Net {
                source: NetError::UnknownGame(_),
                ..
            })
        ));
        assert!(!gone.exists());
        std::fs::remove_dir_all(&d).unwrap();
    }
}
