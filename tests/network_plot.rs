//! `docs/networks-elo.svg` is what `examples/network_plot.rs` draws from `data/networks.toml`
//! today: a new round in the recipe needs the plot redrawn
//! (`cargo run --release --example network_plot`). Also the Elo chain the plot sums.

#[path = "../examples/network_plot.rs"]
mod network_plot;

use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_committed_plot_is_the_one_the_recipe_draws() {
    let recipe = std::fs::read_to_string(root().join("data/networks.toml")).expect("the recipe");
    let drawn = network_plot::render(&recipe).expect("the plot draws");
    let tmp = std::env::temp_dir().join(format!("networks-elo-{}.svg", std::process::id()));
    std::fs::write(&tmp, &drawn).expect("a temp file");
    let fresh = std::fs::read_to_string(&tmp).expect("the temp file");
    std::fs::remove_file(&tmp).ok();
    let committed = std::fs::read_to_string(root().join("docs/networks-elo.svg"))
        .expect("docs/networks-elo.svg");
    assert!(
        fresh == committed,
        "docs/networks-elo.svg is not what the recipe draws: run \
         `cargo run --release --example network_plot`"
    );
    assert!(fresh.starts_with("<svg") && fresh.trim_end().ends_with("</svg>"));
    assert!(
        docs_link_the_plot(),
        "docs/networks.md shows networks-elo.svg"
    );
}

fn docs_link_the_plot() -> bool {
    std::fs::read_to_string(root().join("docs/networks.md"))
        .is_ok_and(|d| d.contains("(networks-elo.svg)"))
}

#[test]
fn a_nets_elo_is_the_sum_of_the_sprts_along_its_chain() {
    let recipe = r#"
        [[round]]
        net = "A"
        round = 1
        shipped = true
        sprt = { against = "classical", elo = 50.0, error = 20.0 }
        [[round]]
        net = "B"
        round = 1
        sprt = { against = "A", elo = -10.0, error = 5.0 }
        [[round]]
        net = "C"
        round = 2
        shipped = true
        fsf = 12.5
        sprt = { against = "A", elo = 30, error = 9.5 }
        [[round]]
        net = "D"
        round = 3
    "#;
    let p = network_plot::points(recipe).expect("points");
    let got: Vec<(&str, f64, bool, Option<f64>)> = p
        .iter()
        .map(|p| (p.net.as_str(), p.elo, p.shipped, p.fsf))
        .collect();
    assert_eq!(
        got,
        [
            ("A", 50.0, true, None),
            ("B", 40.0, false, None),
            ("C", 80.0, true, Some(12.5)),
        ]
    );
    let svg = network_plot::render(recipe).expect("svg");
    assert!(
        svg.contains("\nA\n</text>") && svg.contains("\nC 12.5%\n</text>"),
        "labels drawn"
    );
    let bad =
        "[[round]]\nnet = \"X\"\nround = 1\nsprt = { against = \"Y\", elo = 1.0, error = 1.0 }";
    assert!(network_plot::points(bad).unwrap_err().contains("Y"));
}
