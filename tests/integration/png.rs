//! PNG pictures decode to exactly the pixels of the 8-bit RGB encoder mazegen had before its
//! pictures became indexed color: every palette, scale, solution and heat map.

use mazegen::Maze;
use mazegen::algorithms::{Backtrack, BinaryTree};
use mazegen::maze::Heat;
use mazegen::render::{Ink, Palette, Picture, Png, Render};

/// The picture as the RGB encoder drew it: each tile's ink, `scale` pixels square.
fn rgb_pixels(maze: &Maze, picture: Picture) -> Vec<u8> {
    let heat = picture.heatmap.then(|| Heat::new(maze).unwrap());
    let mut pixels = Vec::new();
    let mut rows = maze.tiles().unwrap();
    while let Some((y, row)) = rows.next_row() {
        let mut line = Vec::new();
        for (x, &tile) in row.iter().enumerate() {
            let rgb = picture
                .palette
                .rgb(Ink::of(tile, (x as u64, y), heat.as_ref()));
            for _ in 0..picture.scale {
                line.extend_from_slice(&rgb);
            }
        }
        for _ in 0..picture.scale {
            pixels.extend_from_slice(&line);
        }
    }
    pixels
}

/// The pixels of a PNG file as 8-bit RGB, its palette expanded, and its bits per pixel.
fn decode(bytes: &[u8]) -> (Vec<u8>, u8) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().unwrap();
    assert_eq!(reader.info().color_type, png::ColorType::Indexed);
    let depth = reader.info().bit_depth as u8;
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut pixels).unwrap();
    assert_eq!(
        reader.output_color_type(),
        (png::ColorType::Rgb, png::BitDepth::Eight)
    );
    pixels.truncate(frame.buffer_size());
    (pixels, depth)
}

fn png(maze: &Maze, picture: Picture) -> Vec<u8> {
    let mut bytes = Vec::new();
    Png(picture).render(maze, &mut bytes).unwrap();
    bytes
}

#[test]
fn pixels_are_those_of_the_rgb_encoder() {
    let plain = Maze::builder()
        .algorithm(Backtrack::default())
        .cells(10, 7)
        .seed(3)
        .build()
        .unwrap();
    let mut solved = plain.clone();
    solved.open_border().unwrap();
    solved.solve().unwrap();
    for (maze, heatmap, depth) in [
        (&plain, false, 1),
        (&solved, false, 4),
        (&plain, true, 8),
        (&solved, true, 8),
    ] {
        for palette in [Palette::COLOR, Palette::MONO] {
            for scale in [1, 2, 3, 8] {
                let picture = Picture {
                    palette,
                    scale,
                    heatmap,
                    ..Picture::default()
                };
                let (pixels, bits) = decode(&png(maze, picture));
                let case = format!("heat map {heatmap}, scale {scale}, {palette:?}");
                assert_eq!(bits, depth, "{case}");
                assert!(pixels == rgb_pixels(maze, picture), "{case}");
            }
        }
    }
}

#[test]
fn a_large_picture_takes_the_fast_deflate_and_the_same_pixels() {
    // 1501x1501 tiles at scale 3: 20 megapixels, over the limit of the default level.
    let maze = Maze::builder()
        .algorithm(BinaryTree::default())
        .cells(750, 750)
        .seed(5)
        .build()
        .unwrap();
    let picture = Picture {
        scale: 3,
        ..Picture::default()
    };
    const { assert!(1501u64 * 1501 * 9 > Png::SMALL_PICTURE) };
    let (pixels, depth) = decode(&png(&maze, picture));
    assert_eq!(depth, 1);
    assert!(pixels == rgb_pixels(&maze, picture));
}
