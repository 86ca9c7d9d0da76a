//! A split's rows as a Parquet file, written through the `parquet` crate's column writers (no
//! Arrow): flat columns for the figures, lists for the tiles, connections and shortest paths.
//! pandas, pyarrow and Hugging Face `datasets` read it.

use super::row::Row;
use super::spec::SplitSpec;
use parquet::basic::Type;
use parquet::data_type::{BoolType, ByteArray, ByteArrayType, DoubleType, Int32Type, Int64Type};
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::parser::parse_message_type;
use std::io::{self, Write};
use std::sync::Arc;

/// Rows a row group holds at most.
pub const ROW_GROUP: usize = 16_384;

/// The values of one column, with their definition and repetition levels.
enum Values {
    Int32(Vec<i32>),
    Int64(Vec<i64>),
    Double(Vec<f64>),
    Bool(Vec<bool>),
    Text(Vec<ByteArray>),
}

/// One leaf column: its schema line, values and levels.
struct Column {
    name: String,
    /// `required`, `optional` or a list of required elements.
    kind: Kind,
    values: Values,
    def: Vec<i16>,
    rep: Vec<i16>,
}

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Required,
    Optional,
    List,
}

impl Column {
    fn new(name: &str, kind: Kind, values: Values) -> Self {
        Self {
            name: name.to_owned(),
            kind,
            values,
            def: Vec::new(),
            rep: Vec::new(),
        }
    }

    fn physical(&self) -> (Type, &'static str) {
        match self.values {
            Values::Int32(_) => (Type::INT32, ""),
            Values::Int64(_) => (Type::INT64, ""),
            Values::Double(_) => (Type::DOUBLE, ""),
            Values::Bool(_) => (Type::BOOLEAN, ""),
            Values::Text(_) => (Type::BYTE_ARRAY, " (UTF8)"),
        }
    }

    /// The column's line of the message type.
    fn schema(&self) -> String {
        let (physical, logical) = self.physical();
        let name = &self.name;
        match self.kind {
            Kind::Required => format!("REQUIRED {physical} {name}{logical};"),
            Kind::Optional => format!("OPTIONAL {physical} {name}{logical};"),
            Kind::List => format!(
                "REQUIRED GROUP {name} (LIST) {{ REPEATED GROUP list {{ REQUIRED {physical} \
                 element{logical}; }} }}"
            ),
        }
    }

    /// Marks a row's value present (`true`) or null, for an optional column.
    fn present(&mut self, present: bool) {
        if self.kind == Kind::Optional {
            self.def.push(i16::from(present));
        }
    }

    /// Marks a row's list of `len` elements.
    fn list(&mut self, len: usize) {
        if len == 0 {
            self.def.push(0);
            self.rep.push(0);
        }
        for k in 0..len {
            self.def.push(1);
            self.rep.push(i16::from(k > 0));
        }
    }

    fn clear(&mut self) {
        self.def.clear();
        self.rep.clear();
        match &mut self.values {
            Values::Int32(v) => v.clear(),
            Values::Int64(v) => v.clear(),
            Values::Double(v) => v.clear(),
            Values::Bool(v) => v.clear(),
            Values::Text(v) => v.clear(),
        }
    }
}

/// The columns of a split's rows, filled a row at a time.
struct Columns {
    columns: Vec<Column>,
}

macro_rules! push {
    ($column:expr, $variant:ident, $value:expr) => {{
        let column: &mut Column = $column;
        match &mut column.values {
            Values::$variant(values) => values.push($value),
            _ => unreachable!("a column of one type"),
        }
    }};
}

impl Columns {
    /// The columns of `split`'s rows.
    fn new(split: &SplitSpec) -> Self {
        use Kind::*;
        let text = || Values::Text(Vec::new());
        let int32 = || Values::Int32(Vec::new());
        let double = || Values::Double(Vec::new());
        let mut columns = vec![
            Column::new("index", Required, Values::Int64(Vec::new())),
            Column::new("seed", Required, Values::Int64(Vec::new())),
            Column::new("generator", Required, text()),
            Column::new("options", Required, text()),
            Column::new("width", Required, int32()),
            Column::new("height", Required, int32()),
            Column::new("braid", Optional, double()),
            Column::new("tiles", List, text()),
            Column::new("connections", List, Values::Bool(Vec::new())),
            Column::new("start_x", Required, int32()),
            Column::new("start_y", Required, int32()),
            Column::new("goal_x", Required, int32()),
            Column::new("goal_y", Required, int32()),
            Column::new("reachable", Required, Values::Bool(Vec::new())),
            Column::new("shortest_length", Optional, int32()),
            Column::new("shortest_count", Optional, Values::Int64(Vec::new())),
            Column::new("shortest_paths", List, text()),
            Column::new("decision_points", Optional, int32()),
            Column::new("branches", Optional, int32()),
            Column::new("branch_depth_mean", Optional, double()),
            Column::new("branch_depth_max", Optional, int32()),
            Column::new("tortuosity", Optional, double()),
            Column::new("solution_share", Optional, double()),
        ];
        for name in &split.representations {
            columns.push(Column::new(name, Required, text()));
        }
        Self { columns }
    }

    /// Adds `row` of `split`.
    fn push(&mut self, split: &SplitSpec, options: &str, row: &Row) {
        let c = &mut self.columns;
        let int = |v: u32| v as i32;
        let text = |s: &str| ByteArray::from(s.as_bytes().to_vec());
        push!(&mut c[0], Int64, row.index as i64);
        push!(&mut c[1], Int64, row.seed as i64);
        push!(&mut c[2], Text, text(split.generator_name()));
        push!(&mut c[3], Text, text(options));
        push!(&mut c[4], Int32, int(row.size[0]));
        push!(&mut c[5], Int32, int(row.size[1]));
        c[6].present(split.braid().is_some());
        if let Some(braid) = split.braid() {
            push!(&mut c[6], Double, braid);
        }
        c[7].list(row.tiles.len());
        for line in &row.tiles {
            push!(&mut c[7], Text, text(line));
        }
        c[8].list(row.connections.len());
        for &open in &row.connections {
            push!(&mut c[8], Bool, open);
        }
        push!(&mut c[9], Int32, int(row.start.x));
        push!(&mut c[10], Int32, int(row.start.y));
        push!(&mut c[11], Int32, int(row.goal.x));
        push!(&mut c[12], Int32, int(row.goal.y));
        push!(&mut c[13], Bool, row.shortest.reachable);
        c[14].present(row.shortest.length.is_some());
        if let Some(length) = row.shortest.length {
            push!(&mut c[14], Int32, int(length));
        }
        // More shortest paths than an INT64 holds (large braided mazes) are left null.
        let count = row.shortest.count.parse::<i64>().ok();
        c[15].present(count.is_some());
        if let Some(count) = count {
            push!(&mut c[15], Int64, count);
        }
        let moves = row.moves();
        c[16].list(moves.len());
        for path in moves {
            push!(&mut c[16], Text, text(path));
        }
        let d = row.difficulty;
        for column in &mut c[17..23] {
            column.present(d.is_some());
        }
        if let Some(d) = d {
            push!(&mut c[17], Int32, int(d.decision_points));
            push!(&mut c[18], Int32, int(d.branches));
            push!(&mut c[19], Double, d.branch_depth_mean);
            push!(&mut c[20], Int32, int(d.branch_depth_max));
            push!(&mut c[21], Double, d.tortuosity);
            push!(&mut c[22], Double, d.solution_share);
        }
        for (k, value) in row.representations.iter().enumerate() {
            push!(&mut c[23 + k], Text, text(value));
        }
    }

    /// The message type of the columns.
    fn schema(&self) -> String {
        let lines: Vec<String> = self.columns.iter().map(Column::schema).collect();
        format!("message maze {{ {} }}", lines.join(" "))
    }
}

fn parquet_error(error: parquet::errors::ParquetError) -> io::Error {
    match error {
        parquet::errors::ParquetError::External(error) => io::Error::other(error),
        error => io::Error::other(error),
    }
}

/// Writes `rows` of `split` (made with `options`, the generator's effective options as JSON)
/// as a Parquet file to `out`, a row group every [`ROW_GROUP`] rows.
pub fn write_parquet<W: Write + Send>(
    split: &SplitSpec,
    options: &str,
    rows: &[Row],
    out: W,
) -> io::Result<W> {
    let mut columns = Columns::new(split);
    let schema = Arc::new(parse_message_type(&columns.schema()).map_err(parquet_error)?);
    let properties = WriterProperties::builder()
        .set_created_by(format!("mazegen {}", env!("CARGO_PKG_VERSION")))
        .build();
    let mut writer =
        SerializedFileWriter::new(out, schema, Arc::new(properties)).map_err(parquet_error)?;
    for group in rows.chunks(ROW_GROUP) {
        for column in &mut columns.columns {
            column.clear();
        }
        for row in group {
            columns.push(split, options, row);
        }
        let mut row_group = writer.next_row_group().map_err(parquet_error)?;
        for column in &columns.columns {
            let mut leaf = row_group
                .next_column()
                .map_err(parquet_error)?
                .expect("a leaf for each column");
            let def = (column.kind != Kind::Required).then_some(&column.def[..]);
            let rep = (column.kind == Kind::List).then_some(&column.rep[..]);
            match &column.values {
                Values::Int32(v) => leaf.typed::<Int32Type>().write_batch(v, def, rep),
                Values::Int64(v) => leaf.typed::<Int64Type>().write_batch(v, def, rep),
                Values::Double(v) => leaf.typed::<DoubleType>().write_batch(v, def, rep),
                Values::Bool(v) => leaf.typed::<BoolType>().write_batch(v, def, rep),
                Values::Text(v) => leaf.typed::<ByteArrayType>().write_batch(v, def, rep),
            }
            .map_err(parquet_error)?;
            leaf.close().map_err(parquet_error)?;
        }
        row_group.close().map_err(parquet_error)?;
    }
    writer.into_inner().map_err(parquet_error)
}
