#include "png_codec.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    jmp_buf jump;
    char *message;
    size_t message_capacity;
} codec_error;

typedef struct {
    const uint8_t *data;
    size_t length;
    size_t offset;
    // Set while libpng reads the image rows: the image's height and interlacing, to tell when every
    // row has been read, and then the offset at which the rows were complete (0 until then).
    png_uint_32 watched_height;
    int watched_interlaced;
    size_t complete_at;
} memory_reader;

/// How many file bytes libpng may still read once every row of the image is complete. A sound
/// file needs only the end of its zlib stream (an end-of-block code, perhaps an empty stored block,
/// the 4-byte Adler-32), the CRC of that IDAT chunk and perhaps one more small IDAT holding those:
/// a few dozen bytes, so 4 KiB is plenty. libpng inflates whatever it reads there into scratch
/// space until the stream ends, and deflate expands up to 1032:1: without a limit a 1 MB file of
/// surplus zeros behind a 1x1 image costs a gigabyte of inflation (seconds; the 256 MiB file limit
/// allows minutes). With it, at most about 12 MiB is inflated past the image: this 4 KiB and the
/// up to 8 KiB (PNG_IDAT_READ_SIZE) libpng had already read while finishing the last row.
#define PEEL_PNG_MAX_BYTES_AFTER_IMAGE (4u * 1024u)

typedef struct {
    uint8_t *data;
    size_t length;
    size_t capacity;
    int failed;
} memory_writer;

static void copy_message(codec_error *error, const char *text) {
    if (error->message == NULL || error->message_capacity == 0) return;
    strncpy(error->message, text ? text : "unknown libpng error", error->message_capacity - 1);
    error->message[error->message_capacity - 1] = '\0';
}

static void on_error(png_structp png, png_const_charp text) {
    codec_error *error = (codec_error *)png_get_error_ptr(png);
    copy_message(error, text);
    longjmp(error->jump, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text; // warnings (bad ancillary chunks, sRGB profile notes) do not stop a decode
}

/// True once libpng has finished the last row of the image (of the last pass when interlaced).
static int rows_complete(png_structp png, const memory_reader *reader) {
    if (reader->watched_interlaced) return png_get_current_pass_number(png) >= 7;
    return png_get_current_row_number(png) >= reader->watched_height;
}

static void read_from_memory(png_structp png, png_bytep out, png_size_t count) {
    memory_reader *reader = (memory_reader *)png_get_io_ptr(png);
    if (count > reader->length - reader->offset) {
        png_error(png, "file is truncated");
    }
    if (reader->watched_height != 0) {
        if (reader->complete_at == 0 && rows_complete(png, reader)) reader->complete_at = reader->offset;
        if (reader->complete_at != 0 && reader->offset + count - reader->complete_at > PEEL_PNG_MAX_BYTES_AFTER_IMAGE) {
            png_error(png, "the compressed image data goes on past the last row of the image; re-export it");
        }
    }
    memcpy(out, reader->data + reader->offset, count);
    reader->offset += count;
}

static void write_to_memory(png_structp png, png_bytep in, png_size_t count) {
    memory_writer *writer = (memory_writer *)png_get_io_ptr(png);
    if (writer->length + count > writer->capacity) {
        size_t capacity = writer->capacity ? writer->capacity : 4096;
        while (capacity < writer->length + count) capacity *= 2;
        uint8_t *grown = realloc(writer->data, capacity);
        if (grown == NULL) {
            writer->failed = 1;
            png_error(png, "out of memory while encoding");
        }
        writer->data = grown;
        writer->capacity = capacity;
    }
    memcpy(writer->data + writer->length, in, count);
    writer->length += count;
}

static void flush_memory(png_structp png) { (void)png; }

/// Walks the chunk list up to IEND and refuses a chunk that claims more bytes than the file
/// holds. libpng allocates an ancillary chunk's declared length before reading it (its
/// chunk_malloc_max does not apply to text chunks), so a 400-byte file declaring a 1.2 GB iTXt
/// would make it allocate 1.2 GB. Returns 0 and sets the message when a chunk does not fit.
static int chunks_fit(const uint8_t *data, size_t length, codec_error *error) {
    size_t offset = 8;
    while (length - offset >= 8) {
        uint32_t declared = (uint32_t)data[offset] << 24 | (uint32_t)data[offset + 1] << 16
                          | (uint32_t)data[offset + 2] << 8 | (uint32_t)data[offset + 3];
        const uint8_t *type = data + offset + 4;
        size_t room = length - offset - 8;  // for the data and the 4-byte CRC
        if (declared > 0x7fffffffu || (size_t)declared > room || room - declared < 4) {
            char text[96];
            snprintf(text, sizeof text, "chunk '%c%c%c%c' claims %u bytes, more than the file holds",
                     type[0] & 0x7f, type[1] & 0x7f, type[2] & 0x7f, type[3] & 0x7f, declared);
            copy_message(error, text);
            return 0;
        }
        if (memcmp(type, "IEND", 4) == 0) return 1;
        offset += 12 + (size_t)declared;
    }
    return 1;  // no IEND: libpng reports where the file ends
}

peel_png_status peel_png_decode_rgba8(const uint8_t *data, size_t length, uint64_t max_pixels,
                                      peel_png_header *header, uint8_t **pixels,
                                      char *message, size_t message_capacity) {
    return peel_png_decode_rgba8_into(data, length, max_pixels, header, pixels, NULL, 0, message, message_capacity);
}

peel_png_status peel_png_decode_rgba8_into(const uint8_t *data, size_t length, uint64_t max_pixels,
                                           peel_png_header *header, uint8_t **pixels,
                                           uint8_t *target, size_t target_capacity,
                                           char *message, size_t message_capacity) {
    if (pixels != NULL) *pixels = NULL;
    memset(header, 0, sizeof(*header));
    codec_error error = { .message = message, .message_capacity = message_capacity };
    if (length < 8 || png_sig_cmp(data, 0, 8) != 0) {
        copy_message(&error, "not a PNG file (bad signature)");
        return PEEL_PNG_ERROR;
    }
    if (target != NULL && peel_png_fast_decode_rgba8(data, length, max_pixels, header, target, target_capacity) == PEEL_PNG_OK) {
        return PEEL_PNG_OK;
    }
    memset(header, 0, sizeof(*header));
    if (!chunks_fit(data, length, &error)) return PEEL_PNG_ERROR;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &error, on_error, on_warning);
    if (png == NULL) return PEEL_PNG_OUT_OF_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        return PEEL_PNG_OUT_OF_MEMORY;
    }
    // zlib's Adler-32 of the image data is redundant: libpng already checks the CRC-32 of every
    // IDAT chunk (a bad one is an error), and skipping it saves 3% of a build's time.
#ifdef PNG_IGNORE_ADLER32
    png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    memory_reader reader = { .data = data, .length = length, .offset = 0 };
    // volatile: these change between setjmp and a possible longjmp.
    uint8_t *volatile image = NULL;
    png_bytep *volatile rows = NULL;
    volatile peel_png_status status = PEEL_PNG_ERROR;

    if (setjmp(error.jump)) {
        free(rows);
        free(image);
        png_destroy_read_struct(&png, &info, NULL);
        return status;
    }
    png_set_read_fn(png, &reader, read_from_memory);
    png_read_info(png, info);

    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0, interlace = 0;
    png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
    header->width = width;
    header->height = height;
    header->bit_depth = bit_depth;
    header->color_type = color_type;
    header->interlaced = interlace != PNG_INTERLACE_NONE;
    header->has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;

    if (max_pixels != 0 && (uint64_t)width * (uint64_t)height > max_pixels) {
        status = PEEL_PNG_TOO_LARGE;
        copy_message(&error, "image is larger than the pixel budget");
        longjmp(error.jump, 1);
    }

    // Normalise every colour type and depth to 8-bit RGBA.
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (header->has_trns) png_set_tRNS_to_alpha(png);
    if (bit_depth == 16) png_set_scale_16(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(color_type & PNG_COLOR_MASK_ALPHA) && !header->has_trns) png_set_filler(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);

    size_t row_bytes = png_get_rowbytes(png, info);
    if (row_bytes != (size_t)width * 4) {
        copy_message(&error, "unexpected row layout after conversion to RGBA");
        longjmp(error.jump, 1);
    }
    if (target != NULL && target_capacity != row_bytes * height) {
        copy_message(&error, "the image's size changed while it was read");
        longjmp(error.jump, 1);
    }
    image = target != NULL ? NULL : malloc(row_bytes * height);
    rows = malloc(sizeof(png_bytep) * height);
    if ((target == NULL && image == NULL) || rows == NULL) {
        status = PEEL_PNG_OUT_OF_MEMORY;
        copy_message(&error, "out of memory");
        longjmp(error.jump, 1);
    }
    uint8_t *destination = target != NULL ? target : image;
    for (png_uint_32 y = 0; y < height; y++) rows[y] = destination + (size_t)y * row_bytes;
    // libpng inflates whatever the zlib stream holds after the last row (png_read_finish_IDAT, called
    // as the last row completes), so the reader stops it once the rows are complete; see
    // PEEL_PNG_MAX_BYTES_AFTER_IMAGE. png_read_end then only walks the chunks after the image data.
    reader.watched_height = height;
    reader.watched_interlaced = interlace != PNG_INTERLACE_NONE;
    png_read_image(png, rows);
    reader.watched_height = 0;
    png_read_end(png, NULL);

    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    if (pixels != NULL) *pixels = image;
    return PEEL_PNG_OK;
}

/// How rows are laid out.
typedef struct {
    int color_type;           // PNG_COLOR_TYPE_RGB_ALPHA or _RGB (RGBA input, alpha dropped)
    size_t row_bytes;         // bytes per input row
    int filters;              // PNG_ALL_FILTERS
} row_layout;

static peel_png_status encode(const uint8_t *pixels, uint32_t width, uint32_t height, const row_layout *layout,
                              int compression_level, uint8_t **output, size_t *output_length,
                              char *message, size_t message_capacity) {
    *output = NULL;
    *output_length = 0;
    codec_error error = { .message = message, .message_capacity = message_capacity };
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &error, on_error, on_warning);
    if (png == NULL) return PEEL_PNG_OUT_OF_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        return PEEL_PNG_OUT_OF_MEMORY;
    }
    // On the heap: it changes after setjmp and is read after the jump, which C11 7.13.2.1 leaves
    // indeterminate for a non-volatile local; the pointer itself never changes.
    memory_writer *const writer = calloc(1, sizeof(memory_writer));
    if (writer == NULL) {
        png_destroy_write_struct(&png, &info);
        return PEEL_PNG_OUT_OF_MEMORY;
    }
    png_bytep *volatile rows = NULL;
    if (setjmp(error.jump)) {
        free(rows);
        free(writer->data);
        int failed = writer->failed;
        free(writer);
        png_destroy_write_struct(&png, &info);
        return failed ? PEEL_PNG_OUT_OF_MEMORY : PEEL_PNG_ERROR;
    }
    png_set_write_fn(png, writer, write_to_memory, flush_memory);
    png_set_IHDR(png, info, width, height, 8, layout->color_type,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, compression_level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, layout->filters);
    png_write_info(png, info);
    if (layout->color_type == PNG_COLOR_TYPE_RGB) png_set_filler(png, 0, PNG_FILLER_AFTER);

    rows = malloc(sizeof(png_bytep) * (height ? height : 1));
    if (rows == NULL) {
        writer->failed = 1;
        png_error(png, "out of memory");
    }
    for (uint32_t y = 0; y < height; y++) rows[y] = (png_bytep)pixels + (size_t)y * layout->row_bytes;
    png_write_image(png, rows);
    png_write_end(png, NULL);
    free(rows);
    png_destroy_write_struct(&png, &info);
    *output = writer->data;
    *output_length = writer->length;
    free(writer);
    return PEEL_PNG_OK;
}

peel_png_status peel_png_encode_rgba8(const uint8_t *pixels, uint32_t width, uint32_t height,
                                      int has_alpha, int compression_level,
                                      uint8_t **output, size_t *output_length,
                                      char *message, size_t message_capacity) {
    // Adaptive filtering (libpng tries every filter per row and keeps the cheapest) suits the
    // smooth gradients of resampled art; it is libpng's default for truecolour images.
    row_layout layout = {
        .color_type = has_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
        .row_bytes = (size_t)width * 4,
        .filters = PNG_ALL_FILTERS,
    };
    return encode(pixels, width, height, &layout, compression_level, output, output_length, message, message_capacity);
}

void peel_png_free(void *pointer) { free(pointer); }
