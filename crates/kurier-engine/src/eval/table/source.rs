//! The source text of a weight table's values, as `kurier tune --out` writes it and as the
//! engine's table files hold it (a test per game checks that the two agree).

use super::Shape;
use std::fmt::Write as _;

/// Columns the source writer keeps a line within (past this, an array goes one part a line).
const WIDTH: usize = 100;

/// The text of a value of shape `shape` holding `leaves`, starting at column `lead` of a line
/// indented by `indent`; `by_piece`: each part of the outer array on its own line, named.
pub(super) fn write_value(
    shape: &Shape,
    leaves: &[i32],
    indent: usize,
    lead: usize,
    by_piece: bool,
    piece_name: &dyn Fn(usize) -> String,
) -> String {
    match shape {
        Shape::Int => leaves[0].to_string(),
        Shape::S => format!("S({}, {})", leaves[0], leaves[1]),
        Shape::Tuple(_) => {
            let parts: Vec<String> = leaves.iter().map(i32::to_string).collect();
            format!("({})", parts.join(", "))
        }
        Shape::Array(n, inner) => {
            let k = inner.len();
            let parts: Vec<String> = (0..*n)
                .map(|i| {
                    let part = &leaves[i * k..(i + 1) * k];
                    write_value(inner, part, indent + 4, indent + 4, false, piece_name)
                })
                .collect();
            let scalar = !matches!(**inner, Shape::Array(..));
            let line = format!("[{}]", parts.join(", "));
            if scalar && !by_piece && lead + line.len() < WIDTH {
                return line;
            }
            let pad = " ".repeat(indent + 4);
            let mut text = String::from("[\n");
            if scalar && !by_piece {
                // As many parts a line as fit.
                let mut line = pad.clone();
                for part in &parts {
                    if line.len() > pad.len() && line.len() + part.len() + 2 > WIDTH {
                        text.push_str(line.trim_end());
                        text.push('\n');
                        line = pad.clone();
                    }
                    let _ = write!(line, "{part}, ");
                }
                text.push_str(line.trim_end());
                text.push('\n');
                text.push_str(&" ".repeat(indent));
                text.push(']');
                return text;
            }
            for (i, part) in parts.iter().enumerate() {
                let piece = piece_name(i);
                if by_piece && !scalar {
                    let _ = writeln!(text, "{pad}// {piece}.");
                }
                let _ = write!(text, "{pad}{part},");
                if by_piece && scalar {
                    let _ = write!(text, " // {}", piece.to_lowercase());
                }
                text.push('\n');
            }
            text.push_str(&" ".repeat(indent));
            text.push(']');
            text
        }
    }
}
