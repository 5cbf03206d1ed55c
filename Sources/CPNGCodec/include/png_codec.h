// A tiny C boundary around libpng. libpng reports errors with longjmp, which must never
// cross Swift frames, so every libpng call that can fail happens in png_codec.c behind setjmp,
// and Swift only sees a status code and a message.
#ifndef PEEL_PNG_CODEC_H
#define PEEL_PNG_CODEC_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
    PEEL_PNG_OK = 0,
    PEEL_PNG_ERROR = 1,          // libpng rejected the data; see message
    PEEL_PNG_TOO_LARGE = 2,      // header claims more pixels than the caller's budget
    PEEL_PNG_OUT_OF_MEMORY = 3,
    PEEL_PNG_NOT_HANDLED = 4,    // the fast path leaves this file to libpng
} peel_png_status;

/// What the PNG header says, before any transformation.
typedef struct {
    uint32_t width;
    uint32_t height;
    int bit_depth;      // 1, 2, 4, 8 or 16
    int color_type;     // PNG_COLOR_TYPE_*
    int interlaced;     // 1 for Adam7
    int has_trns;       // a tRNS chunk gives palette or colour-key transparency
} peel_png_header;

/// Decodes a whole PNG held in memory into 8-bit RGBA (straight alpha), every colour type,
/// bit depth and interlace method. On success *pixels is malloc'd (width*height*4 bytes) and must
/// be released with peel_png_free. max_pixels of 0 means no budget.
peel_png_status peel_png_decode_rgba8(const uint8_t *data, size_t length, uint64_t max_pixels,
                                      peel_png_header *header, uint8_t **pixels,
                                      char *message, size_t message_capacity);

/// The same, decoding into `target` (target_capacity bytes, which must be width*height*4 of the
/// image read; the caller sizes it from IHDR) instead of a malloc'd buffer; pixels may be NULL.
/// With a target, the common PNGs take the fast path (peel_png_fast_decode_rgba8) and libpng
/// decodes the rest. When target is NULL this is peel_png_decode_rgba8 (libpng only).
peel_png_status peel_png_decode_rgba8_into(const uint8_t *data, size_t length, uint64_t max_pixels,
                                           peel_png_header *header, uint8_t **pixels,
                                           uint8_t *target, size_t target_capacity,
                                           char *message, size_t message_capacity);

/// The fast path of peel_png_decode_rgba8_into (png_fast_decode.c): the common 8-bit,
/// non-interlaced PNGs inflated by libdeflate. Fills target (width*height*4 bytes) and returns
/// PEEL_PNG_OK, or returns PEEL_PNG_NOT_HANDLED for any other file, damaged ones included.
peel_png_status peel_png_fast_decode_rgba8(const uint8_t *data, size_t length, uint64_t max_pixels,
                                           peel_png_header *header, uint8_t *target, size_t target_capacity);

/// Encodes 8-bit RGBA (straight alpha) rows, or RGB when has_alpha is 0 (then the input is still
/// RGBA and the alpha byte is dropped). compression_level is zlib's 0-9. On success *output is
/// malloc'd and must be released with peel_png_free.
peel_png_status peel_png_encode_rgba8(const uint8_t *pixels, uint32_t width, uint32_t height,
                                      int has_alpha, int compression_level,
                                      uint8_t **output, size_t *output_length,
                                      char *message, size_t message_capacity);

void peel_png_free(void *pointer);

#endif
