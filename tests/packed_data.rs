//! The packed training-data format (kurier_tune::packed): text → packed → text gives back the
//! same bytes (a cut of a real Courier datagen file, tests/fixtures/datagen-courier.txt, and
//! random games of the other two), a cut or changed file is an error naming its offset and
//! never a panic, `kurier train` makes the same network from either format, and `kurier
//! datagen`, `kurier pgn-data` and `kurier data-convert` write packed data unless told `.txt`.

#[path = "support/temp.rs"]
mod temp;
use kurier_rules::game::{Game, MoveList};
use kurier_rules::games::courier::Courier;
use kurier_rules::games::dual::DualCheckers;
use kurier_rules::games::schachdame::Schachdame;
use kurier_tune::convert::{pack_text, unpack_to_text};
use kurier_tune::packed::is_packed;
use kurier_tune::rng::SplitMix64;
use std::path::{Path, PathBuf};
use std::process::Command;

fn fixture() -> Vec<u8> {
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/datagen-courier.txt"))
        .unwrap()
}

fn pack<G: Game>(text: &[u8]) -> Vec<u8> {
    pack_text::<G, _>(text, Vec::new()).unwrap().0
}

fn unpack<G: Game>(packed: &[u8]) -> Result<Vec<u8>, kurier_tune::packed::PackedError> {
    let mut text = Vec::new();
    unpack_to_text::<G>(&mut &packed[..], &mut text).map(|_| text)
}

fn kurier(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_kurier"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

fn temp_dir(name: &str) -> PathBuf {
    temp::fresh_dir("packed", name)
}

#[test]
fn text_to_packed_to_text_gives_the_same_bytes() {
    let text = fixture();
    let packed = pack::<Courier>(&text);
    assert!(is_packed(&packed));
    assert_eq!(unpack::<Courier>(&packed).unwrap(), text);
    let positions = text
        .split(|&b| b == b'\n')
        .filter(|l| l.contains(&b'|'))
        .count();
    // Far smaller than the text (about 75 bytes a line): the moves, not the boards.
    assert!(
        packed.len() < positions * 3,
        "{} bytes for {positions} positions",
        packed.len()
    );
    // Lines not in the writer's form stay text: another spacing, `1` for `1.0`, a CR, a FEN
    // with counters the game would not write, a blank line, a last line without a newline.
    let fen = Courier::start().fen();
    let odd = format!(
        "{fen}|3|1.0\n{fen} | 3 | 1\n{fen} | 3 | 1.0\r\n\nrubbish\n{} | 5 | 0.5\n{fen} | 7 | 0.0",
        fen.replace(" 0 1", " 0 01")
    );
    let mut text = fixture();
    text.extend_from_slice(odd.as_bytes());
    assert_eq!(unpack::<Courier>(&pack::<Courier>(&text)).unwrap(), text);
    assert_eq!(unpack::<Courier>(&pack::<Courier>(b"")).unwrap(), b"");
}

/// Text lines of `games` random games of `G`, the positions kept 1 to 4 plies apart, the
/// results drawn at random: lines as the text writer writes them.
fn random_games<G: Game>(games: usize) -> Vec<u8> {
    let mut rng = SplitMix64::new(11);
    let mut text = String::from("# random games\n");
    for g in 0..games {
        let mut pos = G::start();
        let result = ["1.0", "0.5", "0.0"][rng.below(3)];
        let mut next = 0;
        for ply in 0..120 {
            let mut moves = MoveList::new();
            pos.generate(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos = pos.play(moves[rng.below(moves.len())]);
            if ply == next {
                text += &format!(
                    "{} | {} | {result}\n",
                    pos.fen(),
                    rng.below(600) as i32 - 300
                );
                next += 1 + rng.below(4);
            }
        }
        text += &format!("# game {g}\n");
    }
    text.into_bytes()
}

#[test]
fn the_other_games_round_trip_too() {
    let text = random_games::<Schachdame>(6);
    assert_eq!(
        unpack::<Schachdame>(&pack::<Schachdame>(&text)).unwrap(),
        text
    );
    let text = random_games::<DualCheckers>(6);
    assert_eq!(
        unpack::<DualCheckers>(&pack::<DualCheckers>(&text)).unwrap(),
        text
    );
    let text = random_games::<Courier>(3);
    let packed = pack::<Courier>(&text);
    assert_eq!(unpack::<Courier>(&packed).unwrap(), text);
    // Read as another game: an error, not other positions.
    let e = unpack::<Schachdame>(&packed).unwrap_err();
    assert!(
        e.to_string()
            .contains("the data is for courier, not schachdame"),
        "{e}"
    );
}

#[test]
fn a_cut_or_changed_file_is_an_error_with_its_offset() {
    let text = random_games::<Courier>(4);
    let packed = pack::<Courier>(&text);
    for len in 0..packed.len() {
        let e = unpack::<Courier>(&packed[..len]).expect_err("a cut file");
        assert!(e.to_string().starts_with("byte "), "{e}");
    }
    let e = unpack::<Courier>(&packed[..packed.len() - 8]).unwrap_err();
    assert!(e.to_string().contains("cut short"), "{e}");
    for at in 0..packed.len() {
        for flip in [0x01, 0x80, 0xff] {
            let mut bad = packed.clone();
            bad[at] ^= flip;
            let e = unpack::<Courier>(&bad).expect_err("a changed file");
            assert!(e.to_string().starts_with("byte "), "{e}");
        }
    }
    let mut longer = packed.clone();
    longer.push(0);
    assert!(unpack::<Courier>(&longer)
        .unwrap_err()
        .to_string()
        .contains("after the end mark"));
    // A block header claiming a huge block: refused before anything that size is allocated.
    let mut huge = packed[..9 + "courier".len()].to_vec();
    huge.extend_from_slice(&u32::MAX.to_le_bytes());
    huge.extend_from_slice(&u32::MAX.to_le_bytes());
    let e = unpack::<Courier>(&huge).unwrap_err();
    assert!(e.to_string().contains("bad block lengths"), "{e}");
}

#[test]
fn train_makes_the_same_network_from_either_format() {
    let dir = temp_dir("train");
    std::fs::write(dir.join("data.txt"), fixture()).unwrap();
    let convert = kurier(&dir, &["data-convert", "data.txt", "data.kdata"]);
    assert!(convert.status.success(), "{convert:?}");
    let said = String::from_utf8_lossy(&convert.stdout);
    assert!(said.starts_with("data-convert: 2126 positions, "), "{said}");
    assert!(is_packed(&std::fs::read(dir.join("data.kdata")).unwrap()));
    let train = |data: &str, net: &str| {
        let run = kurier(
            &dir,
            &[
                "train",
                "--variant",
                "courier",
                data,
                "--epochs",
                "1",
                "--batch",
                "256",
                "--threads",
                "1",
                "--out",
                net,
            ],
        );
        assert!(run.status.success(), "{run:?}");
        std::fs::read(dir.join(net)).unwrap()
    };
    assert_eq!(train("data.kdata", "b.nnue"), train("data.txt", "a.nnue"));
    // Back to text: the same bytes.
    let back = kurier(&dir, &["data-convert", "data.kdata", "back.txt"]);
    assert!(back.status.success(), "{back:?}");
    assert_eq!(std::fs::read(dir.join("back.txt")).unwrap(), fixture());
    // A cut packed file: train names the file and the offset.
    let packed = std::fs::read(dir.join("data.kdata")).unwrap();
    std::fs::write(dir.join("cut.kdata"), &packed[..packed.len() / 2]).unwrap();
    let run = kurier(
        &dir,
        &[
            "train",
            "--variant",
            "courier",
            "cut.kdata",
            "--out",
            "c.nnue",
        ],
    );
    assert_eq!(run.status.code(), Some(1));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("cut.kdata: byte "), "{err}");
    assert!(!dir.join("c.nnue").exists());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn datagen_writes_packed_data_unless_told_txt_and_resumes_it() {
    let dir = temp_dir("datagen");
    let run = |games: &str, out: &str| {
        let r = kurier(
            &dir,
            &[
                "datagen",
                "--variant",
                "schachdame",
                "--games",
                games,
                "--depth",
                "1",
                "--random-plies",
                "4",
                "--seed",
                "3",
                "--out",
                out,
            ],
        );
        assert!(r.status.success(), "{r:?}");
    };
    run("3", "all.txt");
    run("2", "part.kdata");
    run("3", "part.kdata");
    let packed = std::fs::read(dir.join("part.kdata")).unwrap();
    assert!(is_packed(&packed));
    let convert = kurier(&dir, &["data-convert", "part.kdata", "part.txt"]);
    assert!(convert.status.success(), "{convert:?}");
    // The same games as the text run; only the command line in the header differs.
    let lines = |name: &str| -> Vec<String> {
        std::fs::read_to_string(dir.join(name))
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with("# command:"))
            .map(str::to_string)
            .collect()
    };
    let (mut all, mut part) = (lines("all.txt"), lines("part.txt"));
    // With one thread the games end in order; sort the blocks' lines to be safe anyway.
    all.sort();
    part.sort();
    assert_eq!(part, all);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn pgn_data_writes_packed_data_unless_told_txt() {
    let dir = temp_dir("pgn");
    std::fs::write(
        dir.join("in.pgn"),
        "[Variant \"courier\"]\n\n1. b3 {+0.30/5 0.01s} 1... b6 {+0.10/5 0.01s} 0-1\n",
    )
    .unwrap();
    for out in ["out.txt", "out.kdata"] {
        let r = kurier(
            &dir,
            &["pgn-data", "--variant", "courier", "--out", out, "in.pgn"],
        );
        assert!(r.status.success(), "{r:?}");
    }
    let packed = std::fs::read(dir.join("out.kdata")).unwrap();
    assert!(is_packed(&packed));
    assert_eq!(
        unpack::<Courier>(&packed).unwrap(),
        std::fs::read(dir.join("out.txt")).unwrap()
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_fuzz_seeds_are_packed_files_that_read() {
    let seed = |name: &str| {
        std::fs::read(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("fuzz/corpus/packed_data")
                .join(name),
        )
        .unwrap()
    };
    assert!(unpack::<Courier>(&seed("seed-courier")).is_ok());
    assert!(unpack::<Schachdame>(&seed("seed-schachdame")).is_ok());
    assert!(unpack::<DualCheckers>(&seed("seed-dualcheckers")).is_ok());
}
