#include "jpeg_codec.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char *message;
    size_t message_capacity;
    int warned;         // libjpeg met corrupt data it could decode past (a truncated file, bad Huffman codes)
} codec_error;

static void on_error_exit(j_common_ptr info) {
    codec_error *error = (codec_error *)info->err;
    char text[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, text);
    if (error->message != NULL && error->message_capacity > 0) {
        strncpy(error->message, text, error->message_capacity - 1);
        error->message[error->message_capacity - 1] = '\0';
    }
    longjmp(error->jump, 1);
}

static void on_output_message(j_common_ptr info) {
    (void)info; // nothing is printed; on_emit_message records what matters
}

// libjpeg reports corrupt data it can decode past (a truncated file fills with grey) as a warning
// (msg_level -1). A sticker file like that is broken, so the first warning becomes the error.
static void on_emit_message(j_common_ptr info, int msg_level) {
    codec_error *error = (codec_error *)info->err;
    if (msg_level >= 0 || error->warned) return;
    error->warned = 1;
    if (error->message != NULL && error->message_capacity > 0) {
        char text[JMSG_LENGTH_MAX];
        (*info->err->format_message)(info, text);
        strncpy(error->message, text, error->message_capacity - 1);
        error->message[error->message_capacity - 1] = '\0';
    }
}

peel_jpeg_status peel_jpeg_decode_rgba8(const uint8_t *data, size_t length, uint64_t max_pixels,
                                        uint32_t *width, uint32_t *height, uint8_t **pixels,
                                        char *message, size_t message_capacity) {
    *pixels = NULL;
    *width = 0;
    *height = 0;
    struct jpeg_decompress_struct info;
    codec_error error;
    memset(&error, 0, sizeof(error));
    error.message = message;
    error.message_capacity = message_capacity;
    info.err = jpeg_std_error(&error.base);
    error.base.error_exit = on_error_exit;
    error.base.output_message = on_output_message;
    error.base.emit_message = on_emit_message;

    uint8_t *volatile image = NULL;
    uint8_t *volatile row = NULL;
    volatile peel_jpeg_status status = PEEL_JPEG_ERROR;
    if (setjmp(error.jump)) {
        free(image);
        free(row);
        jpeg_destroy_decompress(&info);
        return status;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    *width = info.image_width;
    *height = info.image_height;
    if (max_pixels != 0 && (uint64_t)info.image_width * info.image_height > max_pixels) {
        status = PEEL_JPEG_TOO_LARGE;
        if (message_capacity > 0) snprintf(message, message_capacity, "image is larger than the pixel budget");
        longjmp(error.jump, 1);
    }
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_start_decompress(&info);

    size_t stride = (size_t)info.output_width * 4;
    image = malloc(stride * info.output_height);
    row = malloc((size_t)info.output_width * (size_t)info.output_components);
    if (image == NULL || row == NULL) {
        status = PEEL_JPEG_OUT_OF_MEMORY;
        if (message_capacity > 0) snprintf(message, message_capacity, "out of memory");
        longjmp(error.jump, 1);
    }
    while (info.output_scanline < info.output_height) {
        uint8_t *target = image + (size_t)info.output_scanline * stride;
        JSAMPROW rows[1] = { cmyk ? row : target };
        jpeg_read_scanlines(&info, rows, 1);
        if (cmyk) {
            // Adobe writes CMYK JPEGs inverted (the common case); convert to RGB the way browsers do.
            int inverted = info.saw_Adobe_marker;
            for (JDIMENSION x = 0; x < info.output_width; x++) {
                unsigned c = row[x * 4], m = row[x * 4 + 1], y = row[x * 4 + 2], k = row[x * 4 + 3];
                if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
                target[x * 4] = (uint8_t)(c * k / 255);
                target[x * 4 + 1] = (uint8_t)(m * k / 255);
                target[x * 4 + 2] = (uint8_t)(y * k / 255);
                target[x * 4 + 3] = 255;
            }
        }
    }
    jpeg_finish_decompress(&info);
    if (error.warned) longjmp(error.jump, 1);   // status is PEEL_JPEG_ERROR; message holds the warning
    *width = info.output_width;
    *height = info.output_height;
    free(row);
    jpeg_destroy_decompress(&info);
    *pixels = image;
    return PEEL_JPEG_OK;
}

void peel_jpeg_free(void *pointer) { free(pointer); }
