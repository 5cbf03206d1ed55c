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

#endif
