#ifndef PEEL_WEBM_VIDEO_H
#define PEEL_WEBM_VIDEO_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An animation to encode as a VP9 video with an alpha channel in a WebM file: every frame a
/// straight-alpha RGBA canvas of width × height (stride width × 4), shown at a constant rate.
typedef struct {
    int width;                  /* even numbers; VP9 4:2:0 */
    int height;
    int frame_count;
    const uint8_t *const *frames;
    int frames_per_second;      /* the constant rate the frames are shown at */
    int64_t duration_ms;        /* the whole animation, written as the segment's duration */
    int quality;                /* VP9 constant-quality level for colour, 0 (best) to 63 */
    int alpha_quality;          /* the same for the alpha plane */
    int speed;                  /* libvpx cpu-used, 0 (slowest, smallest) to 8 */
} peel_webm_input;

/// Encodes `input` with libvpx (two VP9 streams: colour, and alpha as the luma of a second stream)
/// and muxes them with libwebm's mkvmuxer: one video track, AlphaMode 1, each frame's alpha in a
/// BlockAdditional (BlockAddID 1), as Chrome, Telegram and FFmpeg read it. No audio. One thread
/// and fixed track UIDs, so the same input gives the same bytes.
/// Returns 0 and a malloc'd buffer in *out (free it with peel_webm_free), or -1 with a message.
int peel_webm_encode(const peel_webm_input *input, uint8_t **out, size_t *out_size,
                     char *error, size_t error_size);

void peel_webm_free(uint8_t *data);

#ifdef __cplusplus
}
#endif

#endif
