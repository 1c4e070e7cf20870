//! Photos at display size: from an uploaded original (PNG, JPEG or WebP, up to 5 MB), a JPEG at
//! most [`LONG_SIDE`] pixels on its long side, which the arena, the cards and the editor show;
//! the lightbox and the download keep the original. A voter on a phone then loads tens of
//! kilobytes a picture rather than megabytes.
//!
//! Decoding is bounded ([`limits`]): a small file that claims a huge canvas (a decompression bomb)
//! is refused before its pixels are allocated. Pure CPU work with no IO: the caller runs it off the
//! request threads and outside the database lock.

use image::{DynamicImage, ImageReader, Limits, Rgb, RgbImage};
use std::io::Cursor;

/// The display image's long side, in pixels, at most.
pub const LONG_SIDE: u32 = 480;

/// JPEG qualities tried in turn: the first whose image fits [`MAX_BYTES`] is kept. At 480 px a
/// photo is 25–50 KB at 80; a busy one (gravel, foliage, a crowd of figures) needs less.
const QUALITIES: [u8; 5] = [80, 70, 60, 50, 40];

/// What a display image may weigh, at most, unless even the lowest quality is heavier: a voter
/// on a phone loads two per pair.
pub const MAX_BYTES: usize = 60 * 1024;

/// The largest canvas an upload may claim, per side.
const MAX_SIDE: u32 = 12_000;

/// The most memory decoding one upload may take.
const MAX_ALLOC: u64 = 512 * 1024 * 1024;

/// Why an upload could not be made into a display image.
#[derive(Debug, PartialEq)]
pub enum DisplayError {
    /// The bytes do not decode as an image of their format.
    Unreadable(String),
    /// Larger than [`MAX_SIDE`] on a side, or would take more than [`MAX_ALLOC`] to decode.
    TooLarge(String),
}

impl std::fmt::Display for DisplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DisplayError::Unreadable(e) => write!(f, "the image could not be read: {e}"),
            DisplayError::TooLarge(e) => write!(
                f,
                "the image is too large to read (at most {MAX_SIDE} pixels a side): {e}"
            ),
        }
    }
}

fn limits() -> Limits {
    let mut l = Limits::default();
    l.max_image_width = Some(MAX_SIDE);
    l.max_image_height = Some(MAX_SIDE);
    l.max_alloc = Some(MAX_ALLOC);
    l
}

/// The display image of an original: scaled down to fit [`LONG_SIDE`] (never up), transparency
/// laid on white, as a JPEG of at most [`MAX_BYTES`] where a quality in [`QUALITIES`] allows.
/// Returns its bytes and its size in pixels.
pub fn derive(original: &[u8]) -> Result<(Vec<u8>, (u32, u32)), DisplayError> {
    let mut reader = ImageReader::new(Cursor::new(original))
        .with_guessed_format()
        .map_err(|e| DisplayError::Unreadable(e.to_string()))?;
    reader.limits(limits());
    let img = reader.decode().map_err(|e| match e {
        image::ImageError::Limits(l) => DisplayError::TooLarge(l.to_string()),
        e => DisplayError::Unreadable(e.to_string()),
    })?;
    let scaled = if img.width().max(img.height()) > LONG_SIDE {
        img.resize(LONG_SIDE, LONG_SIDE, image::imageops::FilterType::Triangle)
    } else {
        img
    };
    let rgb = on_white(&scaled);
    let size = rgb.dimensions();
    let mut out = Vec::new();
    for quality in QUALITIES {
        out.clear();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, quality)
            .encode_image(&rgb)
            .map_err(|e| DisplayError::Unreadable(e.to_string()))?;
        if out.len() <= MAX_BYTES {
            break;
        }
    }
    Ok((out, size))
}

/// The image's colours with any transparency composited over white (JPEG has no alpha; dropping
/// it would turn a transparent background black).
fn on_white(img: &DynamicImage) -> RgbImage {
    if !img.color().has_alpha() {
        return img.to_rgb8();
    }
    let rgba = img.to_rgba8();
    RgbImage::from_fn(rgba.width(), rgba.height(), |x, y| {
        let [r, g, b, a] = rgba.get_pixel(x, y).0;
        let over = |c: u8| ((c as u32 * a as u32 + 255 * (255 - a as u32) + 127) / 255) as u8;
        Rgb([over(r), over(g), over(b)])
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{ImageFormat, Rgba, RgbaImage};

    fn encoded(img: &DynamicImage, format: ImageFormat) -> Vec<u8> {
        let mut out = Cursor::new(Vec::new());
        img.write_to(&mut out, format).unwrap();
        out.into_inner()
    }

    fn picture(w: u32, h: u32) -> DynamicImage {
        DynamicImage::ImageRgb8(RgbImage::from_fn(w, h, |x, y| {
            Rgb([(x % 256) as u8, (y % 256) as u8, ((x + y) % 256) as u8])
        }))
    }

    #[test]
    fn a_big_photo_is_scaled_to_the_long_side_keeping_its_shape() {
        let png = encoded(&picture(2000, 1500), ImageFormat::Png);
        let (jpeg, size) = derive(&png).unwrap();
        assert_eq!(size, (480, 360));
        let back = image::load_from_memory(&jpeg).unwrap();
        assert_eq!((back.width(), back.height()), (480, 360));
        assert!(jpeg.starts_with(&[0xFF, 0xD8, 0xFF]), "a JPEG");
        assert!(jpeg.len() < 60 * 1024, "{} bytes", jpeg.len());
    }

    const GRAIN: u64 = 96;

    /// A picture JPEG finds busy: a gradient under fine grain of `grain` levels.
    fn busy(grain: u64) -> RgbImage {
        let mut seed = 1u64;
        RgbImage::from_fn(480, 360, |x, y| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let n = ((seed >> 33) % grain) as u32;
            let c = |base: u32| (base + n).min(255) as u8;
            Rgb([c(x * 200 / 480), c(y * 200 / 360), c((x + y) * 100 / 840)])
        })
    }

    #[test]
    fn a_busy_photo_is_kept_within_the_weight_by_a_lower_quality() {
        let img = busy(GRAIN);
        let mut at_80 = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut at_80, 80)
            .encode_image(&img)
            .unwrap();
        assert!(
            at_80.len() > MAX_BYTES,
            "busy enough: {} bytes at 80",
            at_80.len()
        );
        let (jpeg, _) = derive(&encoded(&DynamicImage::ImageRgb8(img), ImageFormat::Png)).unwrap();
        assert!(jpeg.len() <= MAX_BYTES, "{} bytes", jpeg.len());
    }

    #[test]
    fn a_small_photo_is_never_scaled_up() {
        let jpeg = encoded(&picture(300, 200), ImageFormat::Jpeg);
        assert_eq!(derive(&jpeg).unwrap().1, (300, 200));
    }

    #[test]
    fn transparency_is_laid_on_white() {
        let clear = DynamicImage::ImageRgba8(RgbaImage::from_pixel(10, 10, Rgba([0, 0, 0, 0])));
        let (jpeg, _) = derive(&encoded(&clear, ImageFormat::Png)).unwrap();
        let px = image::load_from_memory(&jpeg).unwrap().to_rgb8();
        assert!(
            px.pixels().all(|p| p.0.iter().all(|&c| c > 245)),
            "white, not black"
        );
    }

    #[test]
    fn garbage_with_a_valid_signature_is_unreadable() {
        let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
        bytes.extend_from_slice(&[0u8; 64]);
        assert!(matches!(derive(&bytes), Err(DisplayError::Unreadable(_))));
    }

    #[test]
    fn a_canvas_past_the_limit_is_refused_before_it_is_decoded() {
        // A 1-pixel-high PNG whose header claims 20,000 pixels across: tiny on disk.
        let wide = encoded(
            &DynamicImage::ImageLuma8(image::GrayImage::new(20_000, 1)),
            ImageFormat::Png,
        );
        assert!(wide.len() < 5 * 1024 * 1024);
        assert!(matches!(derive(&wide), Err(DisplayError::TooLarge(_))));
    }
}
