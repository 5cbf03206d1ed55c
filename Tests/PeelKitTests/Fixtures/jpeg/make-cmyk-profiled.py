#!/usr/bin/env python3
"""Writes cmyk-profiled.jpg: cmyk.jpg's pixels with an embedded CMYK ICC profile (v2, lut16 A2B0).

The profile is deliberately unlike print: each ink *adds* light, cyan red, magenta green, yellow
blue, and black takes it away, so a decoder that ignores the profile (cmyk.jpg's red half comes out
red) and one that applies it (the same half comes out cyan) cannot be mistaken for each other.
Needs Pillow. Run from this folder: python3 make-cmyk-profiled.py
"""
import struct
from PIL import Image


def lab_from_srgb(r, g, b):
    def linear(c):
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = linear(r), linear(g), linear(b)
    # sRGB to XYZ (D50, Bradford-adapted, as ICC's PCS is)
    x = 0.4360747 * r + 0.3850649 * g + 0.1430804 * b
    y = 0.2225045 * r + 0.7168786 * g + 0.0606169 * b
    z = 0.0139322 * r + 0.0971045 * g + 0.7141733 * b
    white = (0.9642, 1.0, 0.8249)

    def f(t):
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    fx, fy, fz = f(x / white[0]), f(y / white[1]), f(z / white[2])
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def tag(signature, body):
    return signature, body + b"\0" * (-len(body) % 4)


def text_description(text):
    ascii_text = text.encode() + b"\0"
    return b"desc" + b"\0" * 4 + struct.pack(">I", len(ascii_text)) + ascii_text + struct.pack(">II", 0, 0) + b"\0\0\0" + b"\0" * 67


def lut16():
    body = b"mft2" + b"\0" * 4 + bytes([4, 3, 2, 0])
    body += b"".join(struct.pack(">i", 0x10000 if i % 4 == 0 else 0) for i in range(9))
    body += struct.pack(">HH", 2, 2)
    body += struct.pack(">HH", 0, 65535) * 4
    for c in (0, 1):              # the first input varies slowest
        for m in (0, 1):
            for y in (0, 1):
                for k in (0, 1):
                    light = 1 - k
                    lab = lab_from_srgb(c * light, m * light, y * light)
                    l_value = round(min(max(lab[0], 0), 100) * 652.80)
                    a_value = round(min(max(lab[1] + 128, 0), 255.996) * 256)
                    b_value = round(min(max(lab[2] + 128, 0), 255.996) * 256)
                    body += struct.pack(">HHH", l_value, a_value, b_value)
    body += struct.pack(">HH", 0, 65535) * 3
    return body


def profile():
    tags = [
        tag(b"desc", text_description("Peel test CMYK: inks add light")),
        tag(b"wtpt", b"XYZ " + b"\0" * 4 + struct.pack(">iii", 0xF6D6, 0x10000, 0xD32D)),
        tag(b"A2B0", lut16()),
        tag(b"cprt", b"text" + b"\0" * 4 + b"No copyright, test data\0"),
    ]
    offset = 128 + 4 + 12 * len(tags)
    table, data = struct.pack(">I", len(tags)), b""
    for signature, body in tags:
        table += signature + struct.pack(">II", offset + len(data), len(body))
        data += body
    size = offset + len(data)
    header = struct.pack(">I", size) + b"\0" * 4 + struct.pack(">I", 0x02100000) + b"prtrCMYKLab "
    header += struct.pack(">6H", 2026, 1, 1, 0, 0, 0) + b"acsp" + b"\0" * 24
    header += struct.pack(">I", 0) + struct.pack(">iii", 0xF6D6, 0x10000, 0xD32D) + b"\0" * 4
    header += b"\0" * (128 - len(header))
    return header + table + data


image = Image.open("cmyk.jpg")
assert image.mode == "CMYK"
image.save("cmyk-profiled.jpg", quality=95, icc_profile=profile())
