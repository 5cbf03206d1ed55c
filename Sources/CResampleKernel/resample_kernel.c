// Why C: these loops are most of the time a build spends on still stickers, and they run twice
// as fast on 256-bit vectors. Swift cannot compile one function for several CPU levels, so a
// binary built for any x86-64 would only ever use 128-bit SSE. Clang's target_clones builds each
// function twice, for x86-64-v3 (AVX2) and for baseline x86-64, and the loader picks one per
// machine. Both clones do the same IEEE operations in the same order (no fused multiply-add:
// -ffp-contract=off below), so every machine writes byte-identical thumbnails.
#include "resample_kernel.h"
#include <string.h>

#pragma clang fp contract(off)

#if defined(__x86_64__) && defined(__ELF__)
#define PEEL_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define PEEL_CLONES
#endif

typedef float f4 __attribute__((vector_size(16)));
typedef float f8 __attribute__((vector_size(32)));


PEEL_CLONES
void peel_resample_horizontal(const float *source, float *output, int width,
                              const int *starts, const int *counts, const float *weights, int stride) {
    for (int x = 0; x < width; x++) {
        const float *pixels = source + (long)starts[x] * 4;
        const float *w = weights + (long)x * stride;
        int count = counts[x];
        // Two taps at a time: one pixel in each half of an 8-float vector.
        f8 pair = {0, 0, 0, 0, 0, 0, 0, 0};
        int tap = 0;
        for (; tap + 1 < count; tap += 2) {
            f8 weight = {w[tap], w[tap], w[tap], w[tap], w[tap + 1], w[tap + 1], w[tap + 1], w[tap + 1]};
            f8 two;
            memcpy(&two, pixels + tap * 4, sizeof two);
            pair += two * weight;
        }
        f4 sum = __builtin_shufflevector(pair, pair, 0, 1, 2, 3) + __builtin_shufflevector(pair, pair, 4, 5, 6, 7);
        if (tap < count) {
            f4 weight = {w[tap], w[tap], w[tap], w[tap]};
            f4 one;
            memcpy(&one, pixels + tap * 4, sizeof one);
            sum += one * weight;
        }
        // Clamp away ringing: alpha to 0...255, each colour to 0...alpha.
        float alpha = sum[3] < 0 ? 0 : (sum[3] > 255 ? 255 : sum[3]);
        for (int channel = 0; channel < 3; channel++) {
            float value = sum[channel];
            sum[channel] = value < 0 ? 0 : (value > alpha ? alpha : value);
        }
        sum[3] = alpha;
        memcpy(output + (long)x * 4, &sum, sizeof sum);
    }
}

PEEL_CLONES
void peel_resample_accumulate(float *output, const float *row, float weight, int count) {
    for (int index = 0; index < count; index++) {
        output[index] += row[index] * weight;
    }
}

PEEL_CLONES
void peel_premultiply_row(const unsigned char *source, float *target, int count) {
    for (int index = 0; index < count; index++) {
        const unsigned char *pixel = source + (long)index * 4;
        float scale = (float)pixel[3] / 255.0f;
        float *out = target + (long)index * 4;
        out[0] = (float)pixel[0] * scale;
        out[1] = (float)pixel[1] * scale;
        out[2] = (float)pixel[2] * scale;
        out[3] = 255.0f * scale;
    }
}

PEEL_CLONES
void peel_finish_row(float *pixels, unsigned char *target, int count) {
    // Four channels as one vector; the same operations as the scalar form (clamp, then
    // colour * (255 / alpha) + 0.5 truncated), so the bytes do not change.
    const f4 zero = {0, 0, 0, 0}, half = {0.5f, 0.5f, 0.5f, 0.5f}, top = {255, 255, 255, 255};
    for (int index = 0; index < count; index++) {
        f4 pixel;
        memcpy(&pixel, pixels + (long)index * 4, sizeof pixel);
        float alpha = pixel[3] < 0 ? 0 : (pixel[3] > 255 ? 255 : pixel[3]);
        f4 ceiling = {alpha, alpha, alpha, alpha};
        pixel = __builtin_elementwise_min(__builtin_elementwise_max(pixel, zero), ceiling);
        pixel[3] = alpha;
        memcpy(pixels + (long)index * 4, &pixel, sizeof pixel);
        // Values are non-negative, so adding 0.5 and truncating rounds them. A pixel whose alpha
        // rounds to 0 is written as 0, 0, 0, 0 (scale 0 gives 0.5, truncated to 0).
        unsigned char rounded = (unsigned char)(alpha + 0.5f);
        float scale = rounded == 0 ? 0 : 255.0f / alpha;
        f4 scales = {scale, scale, scale, scale};
        f4 value = __builtin_elementwise_min(__builtin_elementwise_max(pixel * scales + half, zero), top);
        unsigned char *out = target + (long)index * 4;
        out[0] = (unsigned char)value[0];
        out[1] = (unsigned char)value[1];
        out[2] = (unsigned char)value[2];
        out[3] = rounded;
    }
}
