//! How documents are written: compact on one line (`jsonl`, serde_json's own), or pretty.
//! Maze documents are pretty as serde_json prints them; graph and room-map documents in a
//! layout of their own: one field a line, each value compact on its line, except a value
//! marked [`Lines`], which runs one element (of an array) or field (of an object) a line:
//!
//! ```text
//! {
//!   "schema": "mazegen.graph/v1",
//!   "params": {"seeds":1,"start":{"x":0,"y":0}},
//!   "cells": [
//!     {"id":0,"at":[0,0],"x":0.5,"y":0.5,"neighbours":[1]},
//!     {"id":1,"at":[1,0],"x":1.5,"y":0.5,"neighbours":[0]}
//!   ]
//! }
//! ```
//!
//! The layout is serde_json's serializer with a formatter of its own ([`Layout`]); the marks
//! reach it through a serializer that wraps serde_json's ([`Marking`]). Compact JSON of the same
//! types is the value without the mark.

use serde::ser::{Serialize, SerializeStruct, Serializer};
use serde_json::ser::Formatter;
use std::cell::Cell;
use std::io::{self, BufWriter, Write};

/// The name a [`Lines`] value gives the serializer: serde_json, like any serializer but
/// [`Marking`], writes the value inside.
const LINES: &str = "$mazegen::Lines";

/// A value written one element or field a line in a pretty document (cells, passages, rooms,
/// edges), indented one level more than the field that holds it; in compact JSON, the value
/// itself. It is seen as a field of the document, or of a struct (or option) in a field of
/// it, at any depth; not inside arrays or maps. Read back as the value itself.
pub(crate) struct Lines<T>(pub T);

impl<'de, T: serde::Deserialize<'de>> serde::Deserialize<'de> for Lines<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        T::deserialize(deserializer).map(Lines)
    }
}

impl<T: Serialize> Serialize for Lines<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_newtype_struct(LINES, &self.0)
    }
}

/// Writes `document` compact on one line, then a newline: a line of `jsonl`.
pub(crate) fn write_line<T: Serialize>(out: &mut dyn Write, document: &T) -> io::Result<()> {
    // Buffered here, as in `write_pretty`, rather than a token at a time through `out`.
    let mut out = BufWriter::new(out);
    serde_json::to_writer(&mut out, document)?;
    out.write_all(b"\n")?;
    out.flush()
}

/// Writes `document`, a struct, in the pretty layout, then a newline.
pub(crate) fn write_pretty<T: Serialize>(out: &mut dyn Write, document: &T) -> io::Result<()> {
    // serde_json writes a token at a time: buffered here rather than each through `out`'s
    // dynamic calls (a 1000x1000 hex maze's graph document in a third less time).
    let mut out = BufWriter::new(out);
    let lines = Cell::new(false);
    let layout = Layout {
        lines: &lines,
        depth: 0,
        expanded: 0,
    };
    let mut serializer = serde_json::Serializer::with_formatter(&mut out, layout);
    document.serialize(Marking {
        inner: &mut serializer,
        lines: &lines,
    })?;
    out.write_all(b"\n")?;
    out.flush()
}

/// The formatter of the layout: compact, but for the document itself and the arrays and
/// objects marked [`Lines`], whose elements or fields start lines of their own, indented two
/// spaces a level.
struct Layout<'a> {
    /// Set when a [`Lines`] value is about to be written, for the array or object it holds.
    lines: &'a Cell<bool>,
    /// How many arrays and objects hold the next value.
    depth: u32,
    /// Bit `d` set when the array or object at depth `d` runs one element a line.
    expanded: u64,
}

impl Layout<'_> {
    /// Whether the array or object being written runs one element a line.
    #[inline]
    fn is_expanded(&self) -> bool {
        self.expanded >> self.depth & 1 == 1
    }

    /// A new line, indented for `depth`.
    #[inline]
    fn new_line<W: ?Sized + Write>(writer: &mut W, depth: u32) -> io::Result<()> {
        writer.write_all(b"\n")?;
        (0..depth).try_for_each(|_| writer.write_all(b"  "))
    }

    /// Opens an array or object with `bracket`: one element a line for the document and for
    /// a marked value.
    #[inline]
    fn open<W: ?Sized + Write>(&mut self, writer: &mut W, bracket: &[u8]) -> io::Result<()> {
        self.depth += 1;
        let expanded = self.depth == 1 || self.lines.take();
        let bit = 1u64.checked_shl(self.depth).unwrap_or(0);
        self.expanded = if expanded {
            self.expanded | bit
        } else {
            self.expanded & !bit
        };
        writer.write_all(bracket)
    }

    /// Closes an array or object with `bracket`, on a line of its own when it ran one element
    /// a line.
    #[inline]
    fn close<W: ?Sized + Write>(&mut self, writer: &mut W, bracket: &[u8]) -> io::Result<()> {
        if self.is_expanded() {
            Self::new_line(writer, self.depth - 1)?;
        }
        self.depth -= 1;
        writer.write_all(bracket)
    }

    /// Starts an element or a field, after a comma unless it is the `first`.
    #[inline]
    fn element<W: ?Sized + Write>(&mut self, writer: &mut W, first: bool) -> io::Result<()> {
        if !first {
            writer.write_all(b",")?;
        }
        if self.is_expanded() {
            Self::new_line(writer, self.depth)?;
        }
        Ok(())
    }
}

impl Formatter for Layout<'_> {
    #[inline]
    fn begin_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.open(writer, b"[")
    }

    #[inline]
    fn end_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.close(writer, b"]")
    }

    #[inline]
    fn begin_array_value<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.element(writer, first)
    }

    #[inline]
    fn begin_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.open(writer, b"{")
    }

    #[inline]
    fn end_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.close(writer, b"}")
    }

    #[inline]
    fn begin_object_key<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.element(writer, first)
    }

    #[inline]
    fn begin_object_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        writer.write_all(if self.is_expanded() { b": " } else { b":" })
    }
}

/// A serializer that passes everything to `inner` (serde_json's), telling the [`Layout`]
/// through `lines` when a [`Lines`] value comes, and marking the fields of every struct alike.
struct Marking<'a, S> {
    inner: S,
    lines: &'a Cell<bool>,
}

/// Methods passed on to the inner serializer as they are.
macro_rules! pass_on {
    ($($method:ident($($arg:ident: $type:ty),*) -> $ok:ty;)*) => {
        $(
            fn $method(self, $($arg: $type),*) -> Result<$ok, S::Error> {
                self.inner.$method($($arg),*)
            }
        )*
    };
}

impl<'a, S: Serializer> Serializer for Marking<'a, S> {
    type Ok = S::Ok;
    type Error = S::Error;
    type SerializeSeq = S::SerializeSeq;
    type SerializeTuple = S::SerializeTuple;
    type SerializeTupleStruct = S::SerializeTupleStruct;
    type SerializeTupleVariant = S::SerializeTupleVariant;
    type SerializeMap = S::SerializeMap;
    type SerializeStruct = MarkingStruct<'a, S::SerializeStruct>;
    type SerializeStructVariant = S::SerializeStructVariant;

    pass_on! {
        serialize_bool(v: bool) -> S::Ok;
        serialize_i8(v: i8) -> S::Ok;
        serialize_i16(v: i16) -> S::Ok;
        serialize_i32(v: i32) -> S::Ok;
        serialize_i64(v: i64) -> S::Ok;
        serialize_i128(v: i128) -> S::Ok;
        serialize_u8(v: u8) -> S::Ok;
        serialize_u16(v: u16) -> S::Ok;
        serialize_u32(v: u32) -> S::Ok;
        serialize_u64(v: u64) -> S::Ok;
        serialize_u128(v: u128) -> S::Ok;
        serialize_f32(v: f32) -> S::Ok;
        serialize_f64(v: f64) -> S::Ok;
        serialize_char(v: char) -> S::Ok;
        serialize_str(v: &str) -> S::Ok;
        serialize_bytes(v: &[u8]) -> S::Ok;
        serialize_none() -> S::Ok;
        serialize_unit() -> S::Ok;
        serialize_unit_struct(name: &'static str) -> S::Ok;
        serialize_unit_variant(name: &'static str, index: u32, variant: &'static str) -> S::Ok;
        serialize_seq(len: Option<usize>) -> S::SerializeSeq;
        serialize_tuple(len: usize) -> S::SerializeTuple;
        serialize_tuple_struct(name: &'static str, len: usize) -> S::SerializeTupleStruct;
        serialize_tuple_variant(
            name: &'static str,
            index: u32,
            variant: &'static str,
            len: usize
        ) -> S::SerializeTupleVariant;
        serialize_map(len: Option<usize>) -> S::SerializeMap;
        serialize_struct_variant(
            name: &'static str,
            index: u32,
            variant: &'static str,
            len: usize
        ) -> S::SerializeStructVariant;
    }

    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<S::Ok, S::Error> {
        self.inner.serialize_some(&Marked {
            value,
            lines: self.lines,
        })
    }

    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<S::Ok, S::Error> {
        if name == LINES {
            self.lines.set(true);
        }
        self.inner.serialize_newtype_struct(name, value)
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<S::Ok, S::Error> {
        self.inner
            .serialize_newtype_variant(name, index, variant, value)
    }

    fn serialize_struct(
        self,
        name: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStruct, S::Error> {
        Ok(MarkingStruct {
            inner: self.inner.serialize_struct(name, len)?,
            lines: self.lines,
        })
    }

    fn is_human_readable(&self) -> bool {
        self.inner.is_human_readable()
    }
}

/// The fields of a struct, each serialized through [`Marking`].
struct MarkingStruct<'a, S> {
    inner: S,
    lines: &'a Cell<bool>,
}

impl<S: SerializeStruct> SerializeStruct for MarkingStruct<'_, S> {
    type Ok = S::Ok;
    type Error = S::Error;

    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), S::Error> {
        let value = Marked {
            value,
            lines: self.lines,
        };
        self.inner.serialize_field(key, &value)
    }

    fn skip_field(&mut self, key: &'static str) -> Result<(), S::Error> {
        self.inner.skip_field(key)
    }

    fn end(self) -> Result<S::Ok, S::Error> {
        self.inner.end()
    }
}

/// A value serialized through [`Marking`].
struct Marked<'a, T: ?Sized> {
    value: &'a T,
    lines: &'a Cell<bool>,
}

impl<T: ?Sized + Serialize> Serialize for Marked<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.value.serialize(Marking {
            inner: serializer,
            lines: self.lines,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;

    #[derive(Serialize)]
    struct Inner {
        doors: Vec<(u32, u32)>,
        passages: Vec<u32>,
    }

    #[derive(Serialize)]
    struct Document {
        schema: &'static str,
        params: serde_json::Value,
        solution: Option<Vec<u32>>,
        cells: Lines<Vec<Inner>>,
        none: Lines<Vec<u32>>,
        maze: Option<Lines<Inner>>,
    }

    fn document() -> Document {
        let inner = || Inner {
            doors: vec![(1, 2), (3, 4)],
            passages: vec![],
        };
        Document {
            schema: "a \"b\"",
            params: serde_json::json!({"start": {"x": 0}, "seeds": [1]}),
            solution: Some(vec![0, 1]),
            cells: Lines(vec![inner(), inner()]),
            none: Lines(vec![]),
            maze: Some(Lines(inner())),
        }
    }

    #[test]
    fn marked_values_run_one_element_a_line_and_the_rest_is_compact() {
        let mut out = Vec::new();
        write_pretty(&mut out, &document()).unwrap();
        let expected = r#"{
  "schema": "a \"b\"",
  "params": {"seeds":[1],"start":{"x":0}},
  "solution": [0,1],
  "cells": [
    {"doors":[[1,2],[3,4]],"passages":[]},
    {"doors":[[1,2],[3,4]],"passages":[]}
  ],
  "none": [
  ],
  "maze": {
    "doors": [[1,2],[3,4]],
    "passages": []
  }
}
"#;
        assert_eq!(String::from_utf8(out).unwrap(), expected);
    }

    #[test]
    fn compact_json_of_the_same_document_is_serde_jsons_own() {
        let mut pretty = Vec::new();
        write_pretty(&mut pretty, &document()).unwrap();
        let compact = serde_json::to_string(&document()).unwrap();
        assert!(!compact.contains('\n'));
        let parse = |text: &[u8]| serde_json::from_slice::<serde_json::Value>(text).unwrap();
        assert_eq!(parse(&pretty), parse(compact.as_bytes()));
    }
}
