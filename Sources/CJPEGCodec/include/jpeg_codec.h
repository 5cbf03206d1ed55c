// A tiny C boundary around libjpeg-turbo. libjpeg's default error handler calls exit(); this one
// longjmps back into jpeg_codec.c, so a bad JPEG is a status code and a message, never the end of
// the process, and no jump crosses Swift frames.
#ifndef PEEL_JPEG_CODEC_H
#define PEEL_JPEG_CODEC_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
    PEEL_JPEG_OK = 0,
    PEEL_JPEG_ERROR = 1,        // libjpeg rejected the data; see message
    PEEL_JPEG_TOO_LARGE = 2,    // header claims more pixels than the caller's budget
    PEEL_JPEG_OUT_OF_MEMORY = 3,
} peel_jpeg_status;

typedef enum {
    PEEL_JPEG_RGBA = 0,             // red, green, blue, opaque alpha
    PEEL_JPEG_CMYK = 1,             // cyan, magenta, yellow, black ink, 0 for none
    PEEL_JPEG_CMYK_INVERTED = 2,    // the same, 255 for none (Adobe's APP14 convention)
} peel_jpeg_layout;

/// Decodes a baseline or progressive JPEG (greyscale, YCbCr, RGB, CMYK or YCCK) held in memory to
/// four 8-bit channels per pixel: RGBA with opaque alpha, or CMYK for CMYK and YCCK files, as
/// *layout says. EXIF orientation is not applied here. On success *pixels is malloc'd
/// (width*height*4 bytes) and must be released with peel_jpeg_free. max_pixels of 0 means no
/// budget; the budget is checked after reading the header, before any pixel memory.
peel_jpeg_status peel_jpeg_decode(const uint8_t *data, size_t length, uint64_t max_pixels,
                                  uint32_t *width, uint32_t *height, uint8_t **pixels, peel_jpeg_layout *layout,
                                  char *message, size_t message_capacity);

void peel_jpeg_free(void *pointer);

#endif
