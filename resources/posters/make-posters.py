#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
# The demo films' posters (db/seed, CatalogStore::seedDemo): self-made abstract art, no copyrighted
# image, drawn pixel by pixel in plain Python and written as PNG with zlib. Run it here to remake them.
import math, os, random, struct, zlib
W, H = 200, 300
def png(path, px):
    raw = b''.join(b'\x00' + bytes(px[y*W*3:(y+1)*W*3]) for y in range(H))
    def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    data = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', W, H, 8, 2, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b'')
    open(path, 'wb').write(data)
def mix(a, b, t): return tuple(int(a[i] + (b[i]-a[i])*max(0,min(1,t))) for i in range(3))
def render(f):
    px = bytearray(W*H*3)
    for y in range(H):
        for x in range(W):
            c = f(x, y); i = (y*W+x)*3; px[i:i+3] = bytes(c)
    return px
def q(c, n=12): return tuple((v//n)*n for v in c)  # posterised: small files
def lighthouse(x, y):
    c = mix((12,20,60), (20,90,110), y/200)
    if y > 220: c = mix((10,40,70), (5,20,40), (y-220)/80)
    if y > 220 and (y//6) % 3 == 0 and (x + y*3) % 40 < 18: c = (60,110,140)
    # beam
    if y < 120 and abs(y - 95) < (x-100)*0.25 and x > 100: c = mix(c, (250,230,140), 0.6)
    # tower
    half = 10 + (y-90)*0.06
    if 90 <= y <= 225 and abs(x-100) < half: c = (235,235,225) if (y//18) % 2 else (200,40,40)
    if 80 <= y < 92 and abs(x-100) < 12: c = (250,230,140)
    return q(c)
def tigers(x, y):
    c = mix((250,170,60), (240,120,30), y/H)
    if ((x + y*0.6) // 22) % 2 == 0 and ((x*0.3 + y) // 50) % 2 == 0: c = (30,25,20)
    if abs(x-100) + abs(y-150) < 60: c = (250,245,230) if x + y < 250 else (215,200,175)
    return q(c)
def ferry(x, y):
    c = mix((40,15,60), (120,50,110), y/200)
    if (x-140)**2 + (y-70)**2 < 26**2: c = (245,240,210)
    if y > 200: c = mix((20,10,40), (60,30,80), (y-200)/100); 
    if y > 200 and ((y-200)//8) % 2 == 0 and (x*7 + y) % 50 < 25: c = (90,70,120)
    if 175 <= y <= 200 and 40 <= x <= 160 - (y-175)*0.8: c = (230,230,235)
    if 160 <= y < 175 and 70 <= x <= 130: c = (200,60,60)
    if 165 <= y < 170 and 75 <= x <= 125 and (x//8) % 2 == 0: c = (250,220,120)
    return q(c)
random.seed(15)
stars = {(random.randrange(W), random.randrange(H)) for _ in range(160)}
def orbit(x, y):
    c = mix((5,5,20), (20,10,50), y/H)
    if (x, y) in stars: c = (230,230,255)
    d = (x-100)**2 + (y-160)**2
    if d < 60**2: c = mix((60,120,220), (20,40,120), (x-40+y-100)/200)
    ex, ey = (x-100)/95, (y-160 + (x-100)*0.25)/22
    r = ex*ex + ey*ey
    if 0.75 < r < 1.0 and not (d < 60**2 and (y-160 + (x-100)*0.25) < 0): c = (240,190,90)
    return q(c)
def fox(x, y):
    c = mix((150,210,240), (250,220,170), y/180)
    if (x-150)**2 + (y-60)**2 < 22**2: c = (255,210,80)
    if y > 190 + 20*math.sin(x/30): c = (90,170,80)
    if y > 230 + 15*math.sin(x/22 + 2): c = (60,130,60)
    # fox head: triangle + ears
    if 120 <= y <= 200 and abs(x-100) < (200-y)*0.6: c = (230,110,40)
    if 170 <= y <= 200 and abs(x-100) < (200-y)*0.35: c = (250,240,230)
    for ex in (70, 130):
        if 90 <= y < 125 and abs(x-ex) < (y-90)*0.45: c = (230,110,40)
    if (x-85)**2 + (y-140)**2 < 25 or (x-115)**2 + (y-140)**2 < 25: c = (30,20,20)
    return q(c)
for name, f in [('the-last-lighthouse', lighthouse), ('paper-tigers', tigers), ('midnight-ferry', ferry), ('orbit-of-seoul', orbit), ('little-fox-adventures', fox)]:
    png(os.path.join(os.path.dirname(os.path.abspath(__file__)), '%s.png' % name), render(f))
