//! Draws `docs/networks-elo.svg`: the Elo of Courier's networks by training round, from the
//! SPRT results in `data/networks.toml`, and the score of the shipped ones against
//! Fairy-Stockfish.
//!
//! Each SPRT measured a net against the one before it (or against the classical evaluation);
//! a net's Elo over the classical evaluation is the sum of the SPRTs along that chain (self-play
//! at a fixed number of nodes, so larger than against other engines). The nets that were built
//! in are joined by a line; the others are hollow. Bars are each SPRT's own 95% error.
//!
//! ```sh
//! cargo run --release --example network_plot [RECIPE [OUT]]
//! ```
//!
//! tests/network_plot.rs regenerates the file and checks it equals the committed one. Drawn
//! with plotters' SVG backend alone: text is written as SVG `<text>` (no font files read).

use plotters::prelude::*;
use std::collections::BTreeMap;
use toml::{Table, Value};

/// One net of the recipe that has an Elo figure.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// The net's name.
    pub net: String,
    /// Its training round.
    pub round: i64,
    /// Elo over the classical evaluation, summed along the chain of SPRTs.
    pub elo: f64,
    /// Its own SPRT's 95% error.
    pub error: f64,
    /// Whether it was built in.
    pub shipped: bool,
    /// Its score against Fairy-Stockfish 11.1, in percent, if measured.
    pub fsf: Option<f64>,
}

/// The nets of the recipe (`data/networks.toml`'s text) with an Elo figure, in recipe order.
pub fn points(recipe: &str) -> Result<Vec<Point>, String> {
    let recipe: Table = recipe.parse().map_err(|e| format!("the recipe: {e}"))?;
    let rounds = recipe
        .get("round")
        .and_then(Value::as_array)
        .ok_or("the recipe has no [[round]]")?;
    let mut elo: BTreeMap<String, f64> = BTreeMap::from([("classical".to_string(), 0.0)]);
    let mut out = Vec::new();
    for r in rounds {
        let r = r.as_table().ok_or("a [[round]] is not a table")?;
        let net = r
            .get("net")
            .and_then(Value::as_str)
            .ok_or("a round without a net")?;
        let Some(sprt) = r.get("sprt").and_then(Value::as_table) else {
            continue;
        };
        let (Some(step), Some(error)) = (number(sprt.get("elo")), number(sprt.get("error"))) else {
            continue;
        };
        let against = sprt
            .get("against")
            .and_then(Value::as_str)
            .ok_or(format!("net {net}: the SPRT names no opponent"))?;
        let base = *elo
            .get(against)
            .ok_or(format!("net {net}: {against} comes later or has no Elo"))?;
        elo.insert(net.to_string(), base + step);
        out.push(Point {
            net: net.to_string(),
            round: r
                .get("round")
                .and_then(Value::as_integer)
                .ok_or(format!("net {net}: no round"))?,
            elo: base + step,
            error,
            shipped: r.get("shipped").and_then(Value::as_bool).unwrap_or(false),
            fsf: number(r.get("fsf")),
        });
    }
    Ok(out)
}

/// A TOML integer or float as f64.
fn number(v: Option<&Value>) -> Option<f64> {
    match v? {
        Value::Float(f) => Some(*f),
        Value::Integer(i) => Some(*i as f64),
        _ => None,
    }
}

/// The x of each point: its round, moved right by a quarter for each net of the same round
/// drawn before it.
fn xs(points: &[Point]) -> Vec<f64> {
    let mut seen: BTreeMap<i64, u32> = BTreeMap::new();
    points
        .iter()
        .map(|p| {
            let k = seen.entry(p.round).or_default();
            *k += 1;
            p.round as f64 + 0.25 * f64::from(*k - 1)
        })
        .collect()
}

/// The SVG of the recipe's nets (see the module docs).
pub fn render(recipe: &str) -> Result<String, String> {
    let points = points(recipe)?;
    if points.is_empty() {
        return Err("no round of the recipe has an SPRT's Elo".into());
    }
    let mut svg = String::new();
    draw(&points, &mut svg).map_err(|e| format!("drawing: {e}"))?;
    svg.push('\n');
    Ok(svg)
}

fn draw(points: &[Point], svg: &mut String) -> Result<(), Box<dyn std::error::Error>> {
    let xs = xs(points);
    let last = points.iter().map(|p| p.round).max().unwrap_or(1) as f64 + 0.6;
    let low = points.iter().map(|p| p.elo - p.error).fold(0.0, f64::min);
    let high = points.iter().map(|p| p.elo + p.error).fold(0.0, f64::max);
    let blue = RGBColor(31, 90, 170);
    let grey = RGBColor(150, 150, 150);
    let green = RGBColor(30, 130, 60);
    let root = SVGBackend::with_string(svg, (860, 760)).into_drawing_area();
    root.fill(&WHITE)?;
    let (top, bottom) = root.split_vertically(480);

    let mut chart = ChartBuilder::on(&top)
        .caption(
            "Courier's networks: Elo over the classical evaluation (sum of the SPRTs)",
            ("sans-serif", 18),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(56)
        .build_cartesian_2d(0.5..last, (low - 20.0).floor()..(high + 30.0).ceil())?;
    chart
        .configure_mesh()
        .x_labels(last as usize)
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| format!("{y:+.0}"))
        .x_desc("training round")
        .y_desc("Elo (self-play, fixed nodes)")
        .light_line_style(TRANSPARENT)
        .draw()?;
    let shipped: Vec<(f64, f64)> = points
        .iter()
        .zip(&xs)
        .filter(|(p, _)| p.shipped)
        .map(|(p, &x)| (x, p.elo))
        .collect();
    chart.draw_series(LineSeries::new(shipped, blue.stroke_width(2)))?;
    chart.draw_series(points.iter().zip(&xs).map(|(p, &x)| {
        let colour = if p.shipped { blue } else { grey };
        ErrorBar::new_vertical(x, p.elo - p.error, p.elo, p.elo + p.error, colour, 6)
    }))?;
    chart.draw_series(points.iter().zip(&xs).map(|(p, &x)| {
        // Shipped nets' names above left (clear of the line, which rises to the right);
        // the others' to the right.
        let (colour, fill, label) = if p.shipped {
            (blue, blue.filled(), (-16, -22))
        } else {
            (grey, WHITE.filled(), (9, -7))
        };
        EmptyElement::at((x, p.elo))
            + Circle::new((0, 0), 5, fill)
            + Circle::new((0, 0), 5, colour.stroke_width(2))
            + Text::new(p.net.clone(), label, ("sans-serif", 13).into_font())
    }))?;

    let fsf: Vec<(f64, f64, &str)> = points
        .iter()
        .zip(&xs)
        .filter_map(|(p, &x)| Some((x, p.fsf?, p.net.as_str())))
        .collect();
    let mut chart = ChartBuilder::on(&bottom)
        .caption(
            "Score of the shipped net against Fairy-Stockfish 11.1 (100 games, 10 s + 0.1 s)",
            ("sans-serif", 16),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(56)
        .build_cartesian_2d(0.5..last, 0.0..70.0)?;
    chart
        .configure_mesh()
        .x_labels(last as usize)
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| format!("{y:.0}%"))
        .x_desc("training round")
        .y_desc("score")
        .light_line_style(TRANSPARENT)
        .draw()?;
    chart.draw_series(LineSeries::new(
        [(0.5, 50.0), (last, 50.0)],
        grey.stroke_width(1),
    ))?;
    chart.draw_series(LineSeries::new(
        fsf.iter().map(|&(x, y, _)| (x, y)),
        green.stroke_width(2),
    ))?;
    chart.draw_series(fsf.iter().map(|&(x, y, net)| {
        EmptyElement::at((x, y))
            + Circle::new((0, 0), 4, green.filled())
            + Text::new(
                format!("{net} {y}%"),
                (-12, 8),
                ("sans-serif", 12).into_font(),
            )
    }))?;
    root.present()?;
    Ok(())
}

/// `network_plot [RECIPE [OUT]]`: reads RECIPE (data/networks.toml) and writes OUT
/// (docs/networks-elo.svg).
#[allow(dead_code)] // tests/network_plot.rs includes this file and calls `render` alone
fn main() -> std::process::ExitCode {
    let mut args = std::env::args().skip(1);
    let recipe = args.next().unwrap_or_else(|| "data/networks.toml".into());
    let out = args
        .next()
        .unwrap_or_else(|| "docs/networks-elo.svg".into());
    let svg = std::fs::read_to_string(&recipe)
        .map_err(|e| format!("{recipe}: {e}"))
        .and_then(|text| render(&text));
    match svg.and_then(|svg| std::fs::write(&out, svg).map_err(|e| format!("{out}: {e}"))) {
        Ok(()) => {
            eprintln!("wrote {out}");
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("network_plot: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
