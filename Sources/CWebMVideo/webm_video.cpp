// Telegram video stickers: VP9 with alpha in WebM, through libvpx's C API and libwebm's mkvmuxer.
// Debian's libwebm-dev ships the library (mkvmuxer included) but not mkvmuxer's headers, so the
// headers of the same release (libwebm-1.0.0.29, BSD licence, libwebm/LICENSE.TXT) are kept beside
// this file; nothing of the container is written here by hand.
#include "webm_video.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <vector>

#include <vpx/vp8cx.h>
#include <vpx/vpx_encoder.h>

#include "mkvmuxer/mkvmuxer.h"

namespace {

// mkvmuxer writes through this; it seeks back to fill in sizes, the duration and the cues.
class MemoryWriter : public mkvmuxer::IMkvWriter {
 public:
  std::vector<uint8_t> bytes;
  int64_t position = 0;

  mkvmuxer::int32 Write(const void *buffer, mkvmuxer::uint32 length) override {
    if (length == 0) return 0;
    const size_t end = static_cast<size_t>(position) + length;
    if (end > bytes.size()) bytes.resize(end);
    std::memcpy(bytes.data() + position, buffer, length);
    position = static_cast<int64_t>(end);
    return 0;
  }
  mkvmuxer::int64 Position() const override { return position; }
  mkvmuxer::int32 Position(mkvmuxer::int64 to) override {
    if (to < 0 || static_cast<size_t>(to) > bytes.size()) return -1;
    position = to;
    return 0;
  }
  bool Seekable() const override { return true; }
  void ElementStartNotify(mkvmuxer::uint64, mkvmuxer::int64) override {}
};

void fail(char *error, size_t size, const char *message, const char *detail = nullptr) {
  if (!error || size == 0) return;
  std::snprintf(error, size, "%s%s%s", message, detail ? ": " : "", detail ? detail : "");
}

// One VP9 encoder: constant quality, one pass, no look-ahead (each frame in gives one packet out),
// keyframes only where asked, one thread (deterministic output).
struct Encoder {
  vpx_codec_ctx_t context{};
  bool open = false;
  ~Encoder() { if (open) vpx_codec_destroy(&context); }

  bool start(const peel_webm_input &input, int quality, char *error, size_t error_size) {
    vpx_codec_enc_cfg_t config;
    if (vpx_codec_enc_config_default(vpx_codec_vp9_cx(), &config, 0) != VPX_CODEC_OK) {
      fail(error, error_size, "libvpx has no VP9 encoder");
      return false;
    }
    config.g_w = static_cast<unsigned>(input.width);
    config.g_h = static_cast<unsigned>(input.height);
    config.g_timebase.num = 1;
    config.g_timebase.den = input.frames_per_second;
    config.g_threads = 1;
    config.g_lag_in_frames = 0;
    config.g_pass = VPX_RC_ONE_PASS;
    config.rc_end_usage = VPX_Q;
    config.rc_min_quantizer = 0;
    config.rc_max_quantizer = 63;
    config.rc_dropframe_thresh = 0;
    config.kf_mode = VPX_KF_DISABLED;
    if (vpx_codec_enc_init(&context, vpx_codec_vp9_cx(), &config, 0) != VPX_CODEC_OK) {
      fail(error, error_size, "libvpx could not start a VP9 encoder", vpx_codec_error_detail(&context));
      return false;
    }
    open = true;
    vpx_codec_control(&context, VP8E_SET_CQ_LEVEL, quality);
    vpx_codec_control(&context, VP8E_SET_CPUUSED, input.speed);
    vpx_codec_control(&context, VP9E_SET_ROW_MT, 0);
    vpx_codec_control(&context, VP9E_SET_TILE_COLUMNS, 0);
    return true;
  }

  // Encodes one picture; returns its packet (empty on failure) and whether it is a keyframe.
  bool encode(vpx_image_t *image, int64_t pts, bool key, std::vector<uint8_t> &packet, bool &is_key,
              char *error, size_t error_size) {
    packet.clear();
    if (vpx_codec_encode(&context, image, pts, 1, key ? VPX_EFLAG_FORCE_KF : 0, VPX_DL_GOOD_QUALITY) != VPX_CODEC_OK) {
      fail(error, error_size, "VP9 encoding failed", vpx_codec_error_detail(&context));
      return false;
    }
    vpx_codec_iter_t iterator = nullptr;
    while (const vpx_codec_cx_pkt_t *out = vpx_codec_get_cx_data(&context, &iterator)) {
      if (out->kind != VPX_CODEC_CX_FRAME_PKT) continue;
      const uint8_t *data = static_cast<const uint8_t *>(out->data.frame.buf);
      packet.insert(packet.end(), data, data + out->data.frame.sz);
      is_key = (out->data.frame.flags & VPX_FRAME_IS_KEY) != 0;
    }
    if (packet.empty()) {
      fail(error, error_size, "VP9 encoding gave no frame");
      return false;
    }
    return true;
  }
};

// BT.601 limited range, as VP9 players assume when the stream names no colour space. Chroma is
// the alpha-weighted mean of each 2 × 2 block, so the colour of invisible pixels does not bleed
// into the edges of the art.
void fill_colour(const uint8_t *rgba, int width, int height, vpx_image_t *image) {
  for (int y = 0; y < height; ++y) {
    const uint8_t *row = rgba + static_cast<size_t>(y) * width * 4;
    uint8_t *luma = image->planes[VPX_PLANE_Y] + static_cast<size_t>(y) * image->stride[VPX_PLANE_Y];
    for (int x = 0; x < width; ++x) {
      const int r = row[x * 4], g = row[x * 4 + 1], b = row[x * 4 + 2];
      luma[x] = static_cast<uint8_t>(((66 * r + 129 * g + 25 * b + 128) >> 8) + 16);
    }
  }
  const int chroma_width = (width + 1) / 2, chroma_height = (height + 1) / 2;
  for (int cy = 0; cy < chroma_height; ++cy) {
    uint8_t *u = image->planes[VPX_PLANE_U] + static_cast<size_t>(cy) * image->stride[VPX_PLANE_U];
    uint8_t *v = image->planes[VPX_PLANE_V] + static_cast<size_t>(cy) * image->stride[VPX_PLANE_V];
    for (int cx = 0; cx < chroma_width; ++cx) {
      int64_t sum_r = 0, sum_g = 0, sum_b = 0, sum_a = 0;
      for (int dy = 0; dy < 2; ++dy) {
        const int y = cy * 2 + dy;
        if (y >= height) break;
        for (int dx = 0; dx < 2; ++dx) {
          const int x = cx * 2 + dx;
          if (x >= width) break;
          const uint8_t *p = rgba + (static_cast<size_t>(y) * width + x) * 4;
          const int a = p[3] + 1;  // never zero: a fully clear block still averages its colours
          sum_r += p[0] * a; sum_g += p[1] * a; sum_b += p[2] * a; sum_a += a;
        }
      }
      const int r = static_cast<int>(sum_r / sum_a), g = static_cast<int>(sum_g / sum_a), b = static_cast<int>(sum_b / sum_a);
      u[cx] = static_cast<uint8_t>(((-38 * r - 74 * g + 112 * b + 128) >> 8) + 128);
      v[cx] = static_cast<uint8_t>(((112 * r - 94 * g - 18 * b + 128) >> 8) + 128);
    }
  }
}

// The alpha stream: alpha as full-range luma, neutral chroma (what FFmpeg's libvpx-vp9 does).
void fill_alpha(const uint8_t *rgba, int width, int height, vpx_image_t *image) {
  for (int y = 0; y < height; ++y) {
    const uint8_t *row = rgba + static_cast<size_t>(y) * width * 4;
    uint8_t *luma = image->planes[VPX_PLANE_Y] + static_cast<size_t>(y) * image->stride[VPX_PLANE_Y];
    for (int x = 0; x < width; ++x) luma[x] = row[x * 4 + 3];
  }
  const int chroma_width = (width + 1) / 2, chroma_height = (height + 1) / 2;
  for (int plane = VPX_PLANE_U; plane <= VPX_PLANE_V; ++plane) {
    for (int cy = 0; cy < chroma_height; ++cy) {
      std::memset(image->planes[plane] + static_cast<size_t>(cy) * image->stride[plane], 128, chroma_width);
    }
  }
}

struct Image {
  vpx_image_t *image = nullptr;
  ~Image() { if (image) vpx_img_free(image); }
};

}  // namespace

extern "C" int peel_webm_encode(const peel_webm_input *input, uint8_t **out, size_t *out_size,
                                char *error, size_t error_size) {
  *out = nullptr;
  *out_size = 0;
  if (!input || input->width <= 0 || input->height <= 0 || input->frame_count <= 0 || !input->frames ||
      input->frames_per_second <= 0 || input->duration_ms <= 0) {
    fail(error, error_size, "nothing to encode");
    return -1;
  }
  try {
    Encoder colour, alpha;
    if (!colour.start(*input, input->quality, error, error_size)) return -1;
    if (!alpha.start(*input, input->alpha_quality, error, error_size)) return -1;
    Image colour_image, alpha_image;
    colour_image.image = vpx_img_alloc(nullptr, VPX_IMG_FMT_I420, input->width, input->height, 16);
    alpha_image.image = vpx_img_alloc(nullptr, VPX_IMG_FMT_I420, input->width, input->height, 16);
    if (!colour_image.image || !alpha_image.image) {
      fail(error, error_size, "out of memory");
      return -1;
    }

    MemoryWriter writer;
    mkvmuxer::Segment segment;
    if (!segment.Init(&writer)) {
      fail(error, error_size, "libwebm could not start the WebM file");
      return -1;
    }
    segment.set_mode(mkvmuxer::Segment::kFile);
    segment.OutputCues(true);
    segment.GetSegmentInfo()->set_writing_app("Peel");
    segment.GetSegmentInfo()->set_muxing_app("Peel (libwebm)");
    const uint64_t track_number = segment.AddVideoTrack(input->width, input->height, 0);
    auto *track = static_cast<mkvmuxer::VideoTrack *>(segment.GetTrackByNumber(track_number));
    if (!track_number || !track) {
      fail(error, error_size, "libwebm could not add the video track");
      return -1;
    }
    track->set_codec_id(mkvmuxer::Tracks::kVp9CodecId);
    track->SetAlphaMode(mkvmuxer::VideoTrack::kAlpha);
    track->set_frame_rate(input->frames_per_second);
    // mkvmuxer draws track UIDs from a seed it takes from the clock; a fixed one keeps the bytes
    // the same from run to run (one track, so any non-zero value is unique).
    track->set_uid(1);
    segment.CuesTrack(track_number);

    std::vector<uint8_t> colour_packet, alpha_packet;
    for (int index = 0; index < input->frame_count; ++index) {
      fill_colour(input->frames[index], input->width, input->height, colour_image.image);
      fill_alpha(input->frames[index], input->width, input->height, alpha_image.image);
      const bool key = index == 0;
      bool colour_key = false, alpha_key = false;
      if (!colour.encode(colour_image.image, index, key, colour_packet, colour_key, error, error_size)) return -1;
      if (!alpha.encode(alpha_image.image, index, key, alpha_packet, alpha_key, error, error_size)) return -1;
      const uint64_t timestamp_ns = static_cast<uint64_t>(index) * 1000000000ULL / static_cast<uint64_t>(input->frames_per_second);
      // BlockAddID 1: the alpha channel (Matroska's "BlockAdditional" for VP9 alpha, AlphaMode 1).
      if (!segment.AddFrameWithAdditional(colour_packet.data(), colour_packet.size(), alpha_packet.data(),
                                          alpha_packet.size(), 1, track_number, timestamp_ns, colour_key)) {
        fail(error, error_size, "libwebm could not add a frame");
        return -1;
      }
    }
    // The segment's duration in its timecode scale (milliseconds by default): the whole animation,
    // the last frame's time included.
    segment.set_duration(static_cast<double>(input->duration_ms));
    if (!segment.Finalize()) {
      fail(error, error_size, "libwebm could not finish the WebM file");
      return -1;
    }
    uint8_t *buffer = static_cast<uint8_t *>(std::malloc(writer.bytes.size()));
    if (!buffer) {
      fail(error, error_size, "out of memory");
      return -1;
    }
    std::memcpy(buffer, writer.bytes.data(), writer.bytes.size());
    *out = buffer;
    *out_size = writer.bytes.size();
    return 0;
  } catch (const std::bad_alloc &) {
    fail(error, error_size, "out of memory");
    return -1;
  }
}

extern "C" void peel_webm_free(uint8_t *data) { std::free(data); }
