// The fast path for the PNGs stickers are nearly always saved as: 8 bits a channel, not
// interlaced, RGBA, RGB, grey, grey with alpha, or a palette with or without tRNS. The image data
// is inflated in one call by libdeflate (about twice zlib's speed) and unfiltered here.
//
// It decodes only files it is sure of. Anything else (other depths, interlacing, colour-key
// transparency, an unknown critical chunk, a bad CRC, chunks out of order, a zlib stream that does
// not give exactly the image's bytes, a palette index past the palette) returns
// PEEL_PNG_NOT_HANDLED, and the caller decodes with libpng, whose answer, pixels or error, is the
// reference: for every file this path decodes, libpng gives the same pixels (PNGFastDecodeTests,
// on all of PngSuite and the sample art).
#include "png_codec.h"

#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>

static uint32_t read_u32(const uint8_t *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | (uint32_t)bytes[3];
}

static int is_type(const uint8_t *type, const char *name) { return memcmp(type, name, 4) == 0; }

static int is_letter(uint8_t byte) { return (byte >= 'A' && byte <= 'Z') || (byte >= 'a' && byte <= 'z'); }

/// The chunk's CRC-32 (over its type and data) matches the one stored after it.
static int crc_matches(const uint8_t *chunk, uint32_t length) {
    return libdeflate_crc32(0, chunk + 4, (size_t)length + 4) == read_u32(chunk + 8 + length);
}

static uint8_t paeth(uint8_t a, uint8_t b, uint8_t c) {
    int p = (int)a + (int)b - (int)c;
    int pa = abs(p - (int)a), pb = abs(p - (int)b), pc = abs(p - (int)c);
    if (pa <= pb && pa <= pc) return a;
    return pb <= pc ? b : c;
}

/// Four bytes (one RGBA pixel) at once, in 16-bit lanes: the Paeth predictor of PNG's
/// specification (section 9.4), with its ties broken the same way (a, then b, then c).
typedef int16_t lanes4 __attribute__((vector_size(8)));

static lanes4 load4(const uint8_t *bytes) { return (lanes4){ bytes[0], bytes[1], bytes[2], bytes[3] }; }

static lanes4 absolute(lanes4 value) {
    lanes4 sign = value >> 15;
    return (value ^ sign) - sign;
}

/// One pixel of a Paeth row: `a` is the pixel to the left (unfiltered), `c` the one above-left;
/// both move on to this pixel's.
static inline void paeth_pixel4(uint8_t *row, const uint8_t *filtered, const uint8_t *previous, size_t i, lanes4 *a, lanes4 *c) {
    lanes4 b = load4(previous + i);
    lanes4 pa = absolute(b - *c), pb = absolute(*a - *c), pc = absolute(*a + b - *c - *c);
    lanes4 use_a = (pa <= pb) & (pa <= pc), use_b = ~use_a & (pb <= pc);
    lanes4 predicted = (use_a & *a) | (use_b & b) | (~use_a & ~use_b & *c);
    lanes4 value = (load4(filtered + i) + predicted) & 0xff;
    row[i] = (uint8_t)value[0];
    row[i + 1] = (uint8_t)value[1];
    row[i + 2] = (uint8_t)value[2];
    row[i + 3] = (uint8_t)value[3];
    *a = value;
    *c = b;
}

static void unfilter_paeth4(uint8_t *row, const uint8_t *filtered, const uint8_t *previous, size_t length) {
    lanes4 a = { 0, 0, 0, 0 }, c = { 0, 0, 0, 0 };
    for (size_t i = 0; i + 4 <= length; i += 4) paeth_pixel4(row, filtered, previous, i, &a, &c);
}

/// Four consecutive RGBA Paeth rows at once. Each pixel waits for the one to its left, so one row
/// is a chain the CPU cannot overlap; here row r runs one pixel behind row r - 1 (whose pixels
/// above and above-left it needs are then done), and the four chains overlap: about twice as fast
/// on the sample art (BENCHMARKS.md). `rows[r]` receives row r; `filtered[r]` is its filtered
/// bytes; `previous` is the row above the first.
static void unfilter_paeth4_rows4(uint8_t *const rows[4], const uint8_t *const filtered[4], const uint8_t *previous, size_t length) {
    size_t pixels = length / 4;
    lanes4 a0 = { 0, 0, 0, 0 }, a1 = a0, a2 = a0, a3 = a0, c0 = a0, c1 = a0, c2 = a0, c3 = a0;
    // Step s unfilters pixel s - r of row r, for the rows where that pixel exists.
    size_t steps = pixels + 3;
    for (size_t s = 0; s < steps; s++) {
        if (s >= 3 && s < pixels) {
            size_t i = s * 4;
            paeth_pixel4(rows[0], filtered[0], previous, i, &a0, &c0);
            paeth_pixel4(rows[1], filtered[1], rows[0], i - 4, &a1, &c1);
            paeth_pixel4(rows[2], filtered[2], rows[1], i - 8, &a2, &c2);
            paeth_pixel4(rows[3], filtered[3], rows[2], i - 12, &a3, &c3);
            continue;
        }
        if (s < pixels) paeth_pixel4(rows[0], filtered[0], previous, s * 4, &a0, &c0);
        if (s >= 1 && s - 1 < pixels) paeth_pixel4(rows[1], filtered[1], rows[0], (s - 1) * 4, &a1, &c1);
        if (s >= 2 && s - 2 < pixels) paeth_pixel4(rows[2], filtered[2], rows[1], (s - 2) * 4, &a2, &c2);
        if (s >= 3 && s - 3 < pixels) paeth_pixel4(rows[3], filtered[3], rows[2], (s - 3) * 4, &a3, &c3);
    }
}

/// Undoes one row's filter (PNG section 9.2). `row` may be `filtered` itself; `previous` is the row
/// above, unfiltered (zeros for the first row); `bpp` the bytes of a pixel. 0 for an unknown filter.
static int unfilter(uint8_t filter, uint8_t *row, const uint8_t *filtered, const uint8_t *previous, size_t length, size_t bpp) {
    size_t i;
    switch (filter) {
    case 0:
        if (row != filtered) memcpy(row, filtered, length);
        return 1;
    case 1:
        for (i = 0; i < bpp && i < length; i++) row[i] = filtered[i];
        for (; i < length; i++) row[i] = (uint8_t)(filtered[i] + row[i - bpp]);
        return 1;
    case 2:
        for (i = 0; i < length; i++) row[i] = (uint8_t)(filtered[i] + previous[i]);
        return 1;
    case 3:
        for (i = 0; i < bpp && i < length; i++) row[i] = (uint8_t)(filtered[i] + (previous[i] >> 1));
        for (; i < length; i++) row[i] = (uint8_t)(filtered[i] + (((unsigned)row[i - bpp] + previous[i]) >> 1));
        return 1;
    case 4:
        if (bpp == 4) {
            unfilter_paeth4(row, filtered, previous, length);
            return 1;
        }
        for (i = 0; i < bpp && i < length; i++) row[i] = (uint8_t)(filtered[i] + previous[i]);
        for (; i < length; i++) row[i] = (uint8_t)(filtered[i] + paeth(row[i - bpp], previous[i], previous[i - bpp]));
        return 1;
    default:
        return 0;
    }
}

peel_png_status peel_png_fast_decode_rgba8(const uint8_t *data, size_t length, uint64_t max_pixels,
                                           peel_png_header *header, uint8_t *target, size_t target_capacity) {
    static const uint8_t signature[8] = { 137, 80, 78, 71, 13, 10, 26, 10 };
    if (length < 8 + 25 || memcmp(data, signature, 8) != 0) return PEEL_PNG_NOT_HANDLED;

    // The chunks: IHDR first, PLTE and tRNS before the image data, the IDAT chunks in one run, IEND.
    uint32_t width = 0, height = 0;
    int color_type = -1;
    const uint8_t *palette = NULL, *transparency = NULL;
    uint32_t palette_entries = 0, transparency_entries = 0;
    const uint8_t *first_idat = NULL;
    size_t idat_bytes = 0, idat_chunks = 0;
    int idat_run_over = 0, saw_iend = 0;
    size_t offset = 8;
    while (!saw_iend) {
        if (length - offset < 12) return PEEL_PNG_NOT_HANDLED;
        const uint8_t *chunk = data + offset;
        uint32_t chunk_length = read_u32(chunk);
        const uint8_t *type = chunk + 4, *body = chunk + 8;
        if (chunk_length > 0x7fffffffu || (size_t)chunk_length > length - offset - 12) return PEEL_PNG_NOT_HANDLED;
        if (!is_letter(type[0]) || !is_letter(type[1]) || !is_letter(type[2]) || !is_letter(type[3])) return PEEL_PNG_NOT_HANDLED;
        int critical = type[0] >= 'A' && type[0] <= 'Z';
        int first = offset == 8;
        if (first != is_type(type, "IHDR")) return PEEL_PNG_NOT_HANDLED;
        if (first_idat != NULL && !is_type(type, "IDAT")) idat_run_over = 1;
        if (is_type(type, "IHDR")) {
            if (chunk_length != 13 || !crc_matches(chunk, chunk_length)) return PEEL_PNG_NOT_HANDLED;
            width = read_u32(body);
            height = read_u32(body + 4);
            color_type = body[9];
            // 8 bits, compression 0, filter method 0, no interlacing.
            if (body[8] != 8 || body[10] != 0 || body[11] != 0 || body[12] != 0) return PEEL_PNG_NOT_HANDLED;
            if (color_type != 0 && color_type != 2 && color_type != 3 && color_type != 4 && color_type != 6) return PEEL_PNG_NOT_HANDLED;
            // libpng's default limits (PNG_USER_WIDTH_MAX, PNG_USER_HEIGHT_MAX) refuse more.
            if (width == 0 || height == 0 || width > 1000000u || height > 1000000u) return PEEL_PNG_NOT_HANDLED;
            if (max_pixels != 0 && (uint64_t)width * height > max_pixels) return PEEL_PNG_NOT_HANDLED;
        } else if (is_type(type, "PLTE")) {
            // A suggested palette in RGB or RGBA is allowed and ignored, as libpng does.
            if (palette != NULL || first_idat != NULL || color_type == 0 || color_type == 4) return PEEL_PNG_NOT_HANDLED;
            if (chunk_length == 0 || chunk_length % 3 != 0 || chunk_length / 3 > 256 || !crc_matches(chunk, chunk_length)) return PEEL_PNG_NOT_HANDLED;
            palette = body;
            palette_entries = chunk_length / 3;
        } else if (is_type(type, "tRNS")) {
            if (color_type != 3 || palette == NULL || transparency != NULL || first_idat != NULL) return PEEL_PNG_NOT_HANDLED;
            if (chunk_length == 0 || chunk_length > palette_entries || !crc_matches(chunk, chunk_length)) return PEEL_PNG_NOT_HANDLED;
            transparency = body;
            transparency_entries = chunk_length;
        } else if (is_type(type, "IDAT")) {
            if (idat_run_over || (color_type == 3 && palette == NULL) || !crc_matches(chunk, chunk_length)) return PEEL_PNG_NOT_HANDLED;
            if (first_idat == NULL) first_idat = chunk;
            idat_bytes += chunk_length;
            idat_chunks += 1;
        } else if (is_type(type, "IEND")) {
            if (chunk_length != 0 || first_idat == NULL || !crc_matches(chunk, 0)) return PEEL_PNG_NOT_HANDLED;
            saw_iend = 1;
        } else if (critical) {
            return PEEL_PNG_NOT_HANDLED;
        }
        offset += 12 + (size_t)chunk_length;
    }

    size_t channels = color_type == 6 ? 4 : color_type == 2 ? 3 : color_type == 4 ? 2 : 1;
    size_t row_bytes = (size_t)width * channels;
    size_t raw_bytes = (size_t)height * (row_bytes + 1);
    if (target == NULL || target_capacity != (size_t)width * height * 4) return PEEL_PNG_NOT_HANDLED;

    // One IDAT is inflated where it lies; several are joined first (their bytes are small beside the pixels).
    const uint8_t *compressed = first_idat + 8;
    uint8_t *joined = NULL;
    if (idat_chunks > 1) {
        joined = malloc(idat_bytes ? idat_bytes : 1);
        if (joined == NULL) return PEEL_PNG_NOT_HANDLED;
        size_t written = 0;
        for (const uint8_t *chunk = first_idat; written < idat_bytes; chunk += 12 + read_u32(chunk)) {
            memcpy(joined + written, chunk + 8, read_u32(chunk));
            written += read_u32(chunk);
        }
        compressed = joined;
    }
    uint8_t *raw = malloc(raw_bytes);
    uint8_t *zeros = calloc(row_bytes, 1);
    struct libdeflate_decompressor *decompressor = libdeflate_alloc_decompressor();
    peel_png_status status = PEEL_PNG_NOT_HANDLED;
    size_t used_in = 0, produced = 0;
    // The stream must give exactly the image's bytes and end where the image data ends; a stream
    // that is short, long, damaged or followed by surplus bytes goes to libpng, which says what is wrong.
    if (raw != NULL && zeros != NULL && decompressor != NULL
        && libdeflate_zlib_decompress_ex(decompressor, compressed, idat_bytes, raw, raw_bytes, &used_in, &produced) == LIBDEFLATE_SUCCESS
        && used_in == idat_bytes && produced == raw_bytes) {
        status = PEEL_PNG_OK;
        // The palette as RGBA, opaque where tRNS says nothing.
        uint8_t colours[256 * 4];
        for (uint32_t entry = 0; entry < palette_entries; entry++) {
            colours[entry * 4] = palette[entry * 3];
            colours[entry * 4 + 1] = palette[entry * 3 + 1];
            colours[entry * 4 + 2] = palette[entry * 3 + 2];
            colours[entry * 4 + 3] = entry < transparency_entries ? transparency[entry] : 255;
        }
        const uint8_t *previous = zeros;
        for (uint32_t y = 0; y < height && status == PEEL_PNG_OK; y++) {
            uint8_t *filtered = raw + (size_t)y * (row_bytes + 1);
            uint8_t *out = target + (size_t)y * width * 4;
            if (channels == 4 && y + 4 <= height && filtered[0] == 4 && filtered[row_bytes + 1] == 4
                && filtered[2 * (row_bytes + 1)] == 4 && filtered[3 * (row_bytes + 1)] == 4) {
                uint8_t *rows[4];
                const uint8_t *sources[4];
                for (int r = 0; r < 4; r++) {
                    rows[r] = out + (size_t)r * row_bytes;
                    sources[r] = filtered + (size_t)r * (row_bytes + 1) + 1;
                }
                unfilter_paeth4_rows4(rows, sources, previous, row_bytes);
                previous = rows[3];
                y += 3;
                continue;
            }
            // RGBA rows are unfiltered straight into the image; the others in place, then widened.
            uint8_t *row = channels == 4 ? out : filtered + 1;
            if (!unfilter(filtered[0], row, filtered + 1, previous, row_bytes, channels)) {
                status = PEEL_PNG_NOT_HANDLED;
                break;
            }
            previous = row;
            for (uint32_t x = 0; x < width && channels != 4; x++) {
                uint8_t *pixel = out + (size_t)x * 4;
                if (channels == 3) {
                    pixel[0] = row[x * 3], pixel[1] = row[x * 3 + 1], pixel[2] = row[x * 3 + 2], pixel[3] = 255;
                } else if (channels == 2) {
                    pixel[0] = pixel[1] = pixel[2] = row[x * 2], pixel[3] = row[x * 2 + 1];
                } else if (color_type == 0) {
                    pixel[0] = pixel[1] = pixel[2] = row[x], pixel[3] = 255;
                } else if (row[x] < palette_entries) {
                    memcpy(pixel, colours + (size_t)row[x] * 4, 4);
                } else {
                    status = PEEL_PNG_NOT_HANDLED;  // an index past the palette: libpng's call
                    break;
                }
            }
        }
    }
    libdeflate_free_decompressor(decompressor);
    free(zeros);
    free(raw);
    free(joined);
    if (status != PEEL_PNG_OK) return status;
    header->width = width;
    header->height = height;
    header->bit_depth = 8;
    header->color_type = color_type;
    header->interlaced = 0;
    header->has_trns = transparency != NULL;
    return PEEL_PNG_OK;
}
