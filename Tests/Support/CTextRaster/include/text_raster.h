#ifndef PEEL_TEXT_RASTER_H
#define PEEL_TEXT_RASTER_H

/// Tests only: draws one line of UTF-8 text with FreeType into an 8-bit coverage mask
/// (0 = no ink, 255 = full ink), so tests can make stickers with words in them.
/// `x`, `baseline`: where the line starts, in mask pixels. Glyphs are clipped to the mask.
/// Returns the line's advance width in pixels, or -1 when the font cannot be loaded.
/// With `mask` NULL, only measures.
int peel_text_raster(const char *font_path, const char *utf8, int pixel_size,
                     unsigned char *mask, int width, int height, int x, int baseline);

#endif
