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

// A progressive JPEG may hold any number of scans, each a pass over the whole image: 6,000 empty
// scans in a 297 KB file took 81 s to decode. libjpeg-turbo's own advice (and TurboJPEG's default
// scan limit) is to stop at 500; real encoders write about 10.
#define PEEL_JPEG_MAX_SCANS 500

static void on_progress(j_common_ptr info) {
    if (!info->is_decompressor) return;
    j_decompress_ptr decompress = (j_decompress_ptr)info;
    if (decompress->input_scan_number > PEEL_JPEG_MAX_SCANS) {
        codec_error *error = (codec_error *)info->err;
        if (error->message != NULL && error->message_capacity > 0) {
            snprintf(error->message, error->message_capacity,
                     "progressive JPEG has more than %d scans (encoders write about 10); it was not decoded", PEEL_JPEG_MAX_SCANS);
        }
        longjmp(error->jump, 1);
    }
}

peel_jpeg_status peel_jpeg_decode(const uint8_t *data, size_t length, uint64_t max_pixels,
                                  uint32_t *width, uint32_t *height, uint8_t **pixels, peel_jpeg_layout *layout,
                                  char *message, size_t message_capacity) {
    *pixels = NULL;
    *width = 0;
    *height = 0;
    *layout = PEEL_JPEG_RGBA;
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
    volatile peel_jpeg_status status = PEEL_JPEG_ERROR;
    if (setjmp(error.jump)) {
        free(image);
        jpeg_destroy_decompress(&info);
        return status;
    }
    jpeg_create_decompress(&info);
    struct jpeg_progress_mgr progress = { .progress_monitor = on_progress };
    info.progress = &progress;
    jpeg_mem_src(&info, data, (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    *width = info.image_width;
    *height = info.image_height;
    if (max_pixels != 0 && (uint64_t)info.image_width * info.image_height > max_pixels) {
        status = PEEL_JPEG_TOO_LARGE;
        if (message_capacity > 0) snprintf(message, message_capacity, "image is larger than the pixel budget");
        longjmp(error.jump, 1);
    }
    // CMYK and YCCK come out as CMYK, converted by the caller (with the file's profile when it has one).
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_start_decompress(&info);

    size_t stride = (size_t)info.output_width * 4;
    image = malloc(stride * info.output_height);
    if (image == NULL) {
        status = PEEL_JPEG_OUT_OF_MEMORY;
        if (message_capacity > 0) snprintf(message, message_capacity, "out of memory");
        longjmp(error.jump, 1);
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW rows[1] = { image + (size_t)info.output_scanline * stride };
        jpeg_read_scanlines(&info, rows, 1);
    }
    jpeg_finish_decompress(&info);
    if (error.warned) longjmp(error.jump, 1);   // status is PEEL_JPEG_ERROR; message holds the warning
    *width = info.output_width;
    *height = info.output_height;
    // Adobe (Photoshop) writes CMYK inverted, 255 for no ink: the common case.
    if (cmyk) *layout = info.saw_Adobe_marker ? PEEL_JPEG_CMYK_INVERTED : PEEL_JPEG_CMYK;
    jpeg_destroy_decompress(&info);
    *pixels = image;
    return PEEL_JPEG_OK;
}

void peel_jpeg_free(void *pointer) { free(pointer); }
