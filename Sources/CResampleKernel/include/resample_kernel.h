#ifndef PEEL_RESAMPLE_KERNEL_H
#define PEEL_RESAMPLE_KERNEL_H

// The two inner loops of Peel's Lanczos resampler, on premultiplied RGBA pixels stored as four
// floats each. See resample_kernel.c for why they are in C.

/// For each of `width` output pixels: the sum of `counts[x]` source pixels from `starts[x]`,
/// weighted by `weights[x * stride ...]`, clamped (alpha to 0...255, colour to 0...alpha).
void peel_resample_horizontal(const float *source, float *output, int width,
                              const int *starts, const int *counts, const float *weights, int stride);

/// output[i] += row[i] * weight for `count` floats.
void peel_resample_accumulate(float *output, const float *row, float weight, int count);

/// Premultiplies one row of 8-bit RGBA into floats: each channel times alpha / 255 (alpha
/// becomes alpha itself).
void peel_premultiply_row(const unsigned char *source, float *target, int count);

/// Clamps one row of premultiplied float pixels in place (alpha to 0...255, colour to 0...alpha),
/// then writes it unpremultiplied and rounded as 8-bit RGBA (transparent pixels as 0, 0, 0, 0).
void peel_finish_row(float *pixels, unsigned char *target, int count);

#endif
