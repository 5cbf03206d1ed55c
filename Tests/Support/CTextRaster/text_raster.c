#include "text_raster.h"
#include <ft2build.h>
#include FT_FREETYPE_H
#include <stdint.h>

/// The next code point of a UTF-8 string (tests pass valid UTF-8).
static uint32_t next_code_point(const unsigned char **s) {
    const unsigned char *p = *s;
    uint32_t c = *p++;
    int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
    if (extra) c &= 0x3F >> extra;
    while (extra-- > 0 && (*p & 0xC0) == 0x80) c = (c << 6) | (*p++ & 0x3F);
    *s = p;
    return c;
}

int peel_text_raster(const char *font_path, const char *utf8, int pixel_size,
                     unsigned char *mask, int width, int height, int x, int baseline) {
    FT_Library library;
    FT_Face face;
    if (FT_Init_FreeType(&library)) return -1;
    if (FT_New_Face(library, font_path, 0, &face) || FT_Set_Pixel_Sizes(face, 0, (FT_UInt)pixel_size)) {
        FT_Done_FreeType(library);
        return -1;
    }
    int pen = x;
    const unsigned char *s = (const unsigned char *)utf8;
    while (*s) {
        uint32_t c = next_code_point(&s);
        if (FT_Load_Char(face, c, FT_LOAD_RENDER)) continue;
        FT_GlyphSlot g = face->glyph;
        if (mask) {
            for (unsigned row = 0; row < g->bitmap.rows; row++) {
                int y = baseline - g->bitmap_top + (int)row;
                if (y < 0 || y >= height) continue;
                for (unsigned col = 0; col < g->bitmap.width; col++) {
                    int px = pen + g->bitmap_left + (int)col;
                    if (px < 0 || px >= width) continue;
                    unsigned char v = g->bitmap.buffer[row * g->bitmap.pitch + col];
                    unsigned char *d = &mask[y * width + px];
                    if (v > *d) *d = v;
                }
            }
        }
        pen += (int)(g->advance.x >> 6);
    }
    FT_Done_Face(face);
    FT_Done_FreeType(library);
    return pen - x;
}
