//! How every PNG mazegen writes is encoded: the compression a picture's size calls for, and
//! the encoder's errors as I/O errors.

use std::io;

/// The most pixels a picture may have to be compressed at zlib's default level (16
/// megapixels: a 2001x2001-tile maze at `scale` 2).
pub(in crate::render) const SMALL_PICTURE: u64 = 1 << 24;

/// The compression of a `width x height`-pixel picture: zlib's default level up to
/// [`SMALL_PICTURE`] pixels, a fast deflate above, since the default level would take minutes.
pub(in crate::render) fn compression(width: u32, height: u32) -> png::Compression {
    if u64::from(width) * u64::from(height) <= SMALL_PICTURE {
        png::Compression::Balanced
    } else {
        // 20001x20001 pixels: 51.6 s as 8-bit RGB at the default level, 0.65 s as 1 bit per
        // pixel with the fast one (62 MB).
        png::Compression::Fast
    }
}

/// Keeps I/O errors (a closed pipe above all) as they are, wraps the encoder's own.
pub(in crate::render) fn into_io(error: png::EncodingError) -> io::Error {
    match error {
        png::EncodingError::IoError(error) => error,
        other => io::Error::other(other),
    }
}
