//! A weight table's fields seen as numbers: [`Leaves`] gives each number of a field by index,
//! [`Shape`] says how they are grouped (for names and for the source text).

use super::S;

/// The shape of a field of a weight table (or of a part of one): how its numbers are grouped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// One number.
    Int,
    /// A midgame and an endgame value, [`S`].
    S,
    /// A tuple of this many numbers.
    Tuple(usize),
    /// An array of this many parts of the inner shape.
    Array(usize, Box<Shape>),
}

impl Shape {
    /// How many numbers it holds.
    pub fn len(&self) -> usize {
        match self {
            Shape::Int => 1,
            Shape::S => 2,
            Shape::Tuple(n) => *n,
            Shape::Array(n, inner) => n * inner.len(),
        }
    }

    /// Whether it holds no number (an empty array).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The name of its `i`-th number below the field: `[3][1].eg`, `.0`, or nothing.
    pub fn leaf_name(&self, i: usize) -> String {
        match self {
            Shape::Int => String::new(),
            Shape::S => if i == 0 { ".mg" } else { ".eg" }.to_string(),
            Shape::Tuple(_) => format!(".{i}"),
            Shape::Array(_, inner) => {
                let k = inner.len();
                format!("[{}]{}", i / k, inner.leaf_name(i % k))
            }
        }
    }
}

/// A field of a weight table seen as numbers: its shape and each number by index, in the order of
/// the source text (row by row, midgame before endgame).
pub trait Leaves {
    /// How the numbers are grouped.
    fn shape(&self) -> Shape;
    /// How many numbers it holds.
    fn count(&self) -> usize;
    /// The `i`-th number.
    fn leaf_mut(&mut self, i: usize) -> &mut i32;
}

impl Leaves for i32 {
    fn shape(&self) -> Shape {
        Shape::Int
    }
    #[inline]
    fn count(&self) -> usize {
        1
    }
    #[inline]
    fn leaf_mut(&mut self, _: usize) -> &mut i32 {
        self
    }
}

impl Leaves for S {
    fn shape(&self) -> Shape {
        Shape::S
    }
    #[inline]
    fn count(&self) -> usize {
        2
    }
    #[inline]
    fn leaf_mut(&mut self, i: usize) -> &mut i32 {
        if i == 0 {
            &mut self.0
        } else {
            &mut self.1
        }
    }
}

impl Leaves for (i32, i32) {
    fn shape(&self) -> Shape {
        Shape::Tuple(2)
    }
    #[inline]
    fn count(&self) -> usize {
        2
    }
    #[inline]
    fn leaf_mut(&mut self, i: usize) -> &mut i32 {
        if i == 0 {
            &mut self.0
        } else {
            &mut self.1
        }
    }
}

impl Leaves for (i32, i32, i32) {
    fn shape(&self) -> Shape {
        Shape::Tuple(3)
    }
    #[inline]
    fn count(&self) -> usize {
        3
    }
    #[inline]
    fn leaf_mut(&mut self, i: usize) -> &mut i32 {
        match i {
            0 => &mut self.0,
            1 => &mut self.1,
            _ => &mut self.2,
        }
    }
}

impl<T: Leaves, const N: usize> Leaves for [T; N] {
    fn shape(&self) -> Shape {
        Shape::Array(N, Box::new(self[0].shape()))
    }
    #[inline]
    fn count(&self) -> usize {
        N * self[0].count()
    }
    #[inline]
    fn leaf_mut(&mut self, i: usize) -> &mut i32 {
        let k = self[0].count();
        self[i / k].leaf_mut(i % k)
    }
}
