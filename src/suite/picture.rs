//! A split at a glance, as an SVG picture: a row of its first mazes, then the histograms of
//! their shortest lengths and of their decision points side by side.

use super::row::Row;
use super::spec::SplitSpec;
use plotters::prelude::*;
use std::io;

/// The mazes drawn above the histograms.
pub const SAMPLES: usize = 8;

const WIDTH: u32 = 960;
const SAMPLE: u32 = 112;
const HISTOGRAMS: u32 = 300;

fn plot_error<E: std::error::Error + Send + Sync + 'static>(
    error: DrawingAreaErrorKind<E>,
) -> io::Error {
    io::Error::other(error.to_string())
}

/// The picture of `rows` of `split`, as SVG.
pub fn picture(split: &SplitSpec, rows: &[Row]) -> io::Result<String> {
    let mut svg = String::new();
    {
        let height = 40 + SAMPLE + 16 + HISTOGRAMS;
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
        root.fill(&WHITE).map_err(plot_error)?;
        let braid = (split.braid()).map_or(String::new(), |b| format!(", braid {b}"));
        let family = (split.family.as_ref()).map_or(String::new(), |f| format!(" ({f})"));
        let title = format!(
            "{}: {} mazes, {}{family} {}x{}{braid}",
            split.name,
            rows.len(),
            split.generator_name(),
            split.size[0],
            split.size[1]
        );
        root.draw(&Text::new(title, (12, 12), ("sans-serif", 18).into_font()))
            .map_err(plot_error)?;
        let (top, bottom) = root.split_vertically(40 + SAMPLE + 16);
        for (k, row) in rows.iter().take(SAMPLES).enumerate() {
            draw_maze(&top, row, 12 + k as i32 * (SAMPLE as i32 + 6), 40)?;
        }
        let (left, right) = bottom.split_horizontally(WIDTH / 2);
        let lengths: Vec<u32> = rows.iter().filter_map(|r| r.shortest.length).collect();
        let decisions: Vec<u32> = rows
            .iter()
            .filter_map(|r| r.difficulty.map(|d| d.decision_points))
            .collect();
        histogram(&left, "shortest length (steps)", &lengths, &BLUE)?;
        histogram(&right, "decision points on the path", &decisions, &RED)?;
        root.present().map_err(plot_error)?;
    }
    Ok(svg)
}

/// Draws the tiles of `row` into a `SAMPLE`-pixel square at `(x, y)`, the start green and the
/// goal red.
fn draw_maze<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    row: &Row,
    x: i32,
    y: i32,
) -> io::Result<()>
where
    DB::ErrorType: 'static,
{
    let tall = row.tiles.len() as i32;
    let wide = row.tiles.first().map_or(0, |line| line.len()) as i32;
    let scale = (SAMPLE as i32 / tall.max(wide).max(1)).max(1);
    for (ty, line) in row.tiles.iter().enumerate() {
        // Runs of wall in a row, one rectangle each.
        let bytes = line.as_bytes();
        let mut tx = 0;
        while tx < bytes.len() {
            if bytes[tx] != b'#' {
                tx += 1;
                continue;
            }
            let from = tx;
            while tx < bytes.len() && bytes[tx] == b'#' {
                tx += 1;
            }
            let (x0, y0) = (x + from as i32 * scale, y + ty as i32 * scale);
            let (x1, y1) = (x + tx as i32 * scale, y0 + scale);
            area.draw(&Rectangle::new([(x0, y0), (x1, y1)], BLACK.filled()))
                .map_err(plot_error)?;
        }
    }
    for (cell, color) in [(row.start, GREEN), (row.goal, RED)] {
        let (x0, y0) = (
            x + (2 * cell.x as i32 + 1) * scale,
            y + (2 * cell.y as i32 + 1) * scale,
        );
        area.draw(&Rectangle::new(
            [(x0, y0), (x0 + scale, y0 + scale)],
            color.filled(),
        ))
        .map_err(plot_error)?;
    }
    Ok(())
}

/// Draws the histogram of `values` (one bar a value) into `area`.
fn histogram<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    caption: &str,
    values: &[u32],
    color: &RGBColor,
) -> io::Result<()>
where
    DB::ErrorType: 'static,
{
    let most = values.iter().copied().max().unwrap_or(0);
    let mut counts = vec![0u32; most as usize + 1];
    for &v in values {
        counts[v as usize] += 1;
    }
    let tallest = counts.iter().copied().max().unwrap_or(0).max(1);
    let mut chart = ChartBuilder::on(area)
        .caption(caption, ("sans-serif", 16))
        .margin(12)
        .x_label_area_size(30)
        .y_label_area_size(44)
        .build_cartesian_2d(0u32..most + 1, 0u32..tallest + tallest / 10 + 1)
        .map_err(plot_error)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .y_desc("mazes")
        .draw()
        .map_err(plot_error)?;
    // A bar a value, in order (plotters' own histogram gathers them in a hash map, whose
    // order, and so the picture's bytes, would change from run to run).
    let style = color.mix(0.7).filled();
    let bars = (counts.iter().enumerate())
        .filter(|&(_, &count)| count > 0)
        .map(|(v, &count)| Rectangle::new([(v as u32, 0), (v as u32 + 1, count)], style));
    chart.draw_series(bars).map_err(plot_error)?;
    Ok(())
}
