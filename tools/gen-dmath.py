#!/usr/bin/env python3
# gen-dmath.py - writes engine/gpu/dmath_ptx.h: the PTX subroutines of the
# double-precision math functions for `warpstep ptx` and run --gpu (docs/gpu.md),
# which have no PTX instruction and no libdevice at JIT time. Run from the
# repository root after changing an algorithm: python3 tools/gen-dmath.py
import struct, math
from fractions import Fraction
def D(x): return '0d%016X' % struct.unpack('<Q', struct.pack('<d', x))[0]
HDR = "\t.reg .pred %p<16>;\n\t.reg .f64 %d<40>;\n\t.reg .b32 %r<16>;\n\t.reg .b64 %rd<16>;\n"
funcs = []
protos = []
def fn(name, nargs, body):
    params = ", ".join(".param .f64 %s_a%d" % (name, i) for i in range(nargs))
    protos.append(".func (.param .f64 %s_rv) %s(%s);" % (name, name, params))
    loads = "".join("\tld.param.f64 %%d%d, [%s_a%d];\n" % (i, name, i) for i in range(nargs))
    text = ".func (.param .f64 %s_rv) %s(%s)\n{\n%s%s%s}\n" % (name, name, params, HDR, loads, body.replace("RV", name + "_rv").replace("$L", "$L" + name + "_"))
    funcs.append(text)
def call(fname, dst, *args):
    s = "\t{\n"
    for i, a in enumerate(args):
        s += "\t.param .f64 c%d;\n\tst.param.f64 [c%d], %s;\n" % (i, i, a)
    s += "\t.param .f64 cr;\n\tcall (cr), %s, (%s);\n\tld.param.f64 %s, [cr];\n\t}\n" % (fname, ", ".join("c%d" % i for i in range(len(args))), dst)
    return s
def horner(dst, x, coeffs):
    # coeffs highest degree first
    s = "\tmov.f64 %s, %s;\n" % (dst, D(coeffs[0]))
    for c in coeffs[1:]:
        s += "\tfma.rn.f64 %s, %s, %s, %s;\n" % (dst, dst, x, D(c))
    return s
ret = lambda r: "\tst.param.f64 [RV], %s;\n\tret;\n" % r
P = "__ws_d"
# ---- exp: x = k ln2 + r, |r| <= ln2/2; Taylor to degree 14; 2^k in two steps
LN2HI = float.fromhex('0x1.62e42fefa3800p-1'); LN2LO = float.fromhex('0x1.ef35793c76730p-45')
exp_coeffs = [1.0 / math.factorial(n) for n in range(14, -1, -1)]
fn(P + "exp", 1,
   "\tsetp.nan.f64 %p0, %d0, %d0;\n\t@%p0 bra $Lnan;\n"
   "\tsetp.gt.f64 %p1, %d0, " + D(709.8) + ";\n\t@%p1 bra $Linf;\n"
   "\tsetp.lt.f64 %p2, %d0, " + D(-745.2) + ";\n\t@%p2 bra $Lzero;\n"
   "\tmul.rn.f64 %d1, %d0, " + D(1 / math.log(2)) + ";\n\tcvt.rni.f64.f64 %d1, %d1;\n"
   "\tfma.rn.f64 %d2, %d1, " + D(-LN2HI) + ", %d0;\n\tfma.rn.f64 %d2, %d1, " + D(-LN2LO) + ", %d2;\n"
   + horner("%d3", "%d2", exp_coeffs) +
   # k into two halves so that 2^k1 and 2^k2 are normal
   "\tcvt.rni.s32.f64 %r0, %d1;\n\tshr.s32 %r1, %r0, 1;\n\tsub.s32 %r2, %r0, %r1;\n"
   "\tadd.s32 %r1, %r1, 1023;\n\tcvt.u64.u32 %rd0, %r1;\n\tshl.b64 %rd0, %rd0, 52;\n\tmov.b64 %d4, %rd0;\n"
   "\tadd.s32 %r2, %r2, 1023;\n\tcvt.u64.u32 %rd1, %r2;\n\tshl.b64 %rd1, %rd1, 52;\n\tmov.b64 %d5, %rd1;\n"
   "\tmul.rn.f64 %d3, %d3, %d4;\n\tmul.rn.f64 %d3, %d3, %d5;\n" + ret("%d3") +
   "$Lnan:\n" + ret("%d0") + "$Linf:\n" + ret(D(math.inf)) + "$Lzero:\n" + ret(D(0.0)))
# ---- log: x = m 2^e, m in [sqrt(1/2), sqrt(2)); log m = 2 atanh(s), s = (m-1)/(m+1)
atanh_coeffs = [2.0 / (2 * n + 1) for n in range(12, -1, -1)]   # 2 s (1 + s^2/3 + ...) as poly in s^2
fn(P + "log", 1,
   "\tsetp.nan.f64 %p0, %d0, %d0;\n\t@%p0 bra $Lnan;\n"
   "\tsetp.lt.f64 %p1, %d0, 0d0000000000000000;\n\t@%p1 bra $Lneg;\n"
   "\tsetp.eq.f64 %p2, %d0, 0d0000000000000000;\n\t@%p2 bra $Lzero;\n"
   "\ttestp.infinite.f64 %p3, %d0;\n\t@%p3 bra $Lnan;\n"
   "\tmov.s32 %r3, 0;\n"
   "\tsetp.lt.f64 %p4, %d0, " + D(2.0 ** -1022) + ";\n\t@!%p4 bra $Lnorm;\n"
   "\tmul.rn.f64 %d0, %d0, " + D(2.0 ** 54) + ";\n\tmov.s32 %r3, -54;\n"
   "$Lnorm:\n"
   "\tmov.b64 %rd0, %d0;\n\tshr.u64 %rd1, %rd0, 52;\n\tcvt.u32.u64 %r0, %rd1;\n\tand.b32 %r0, %r0, 2047;\n"
   "\tsub.s32 %r0, %r0, 1023;\n\tand.b64 %rd2, %rd0, 4503599627370495;\n\tor.b64 %rd2, %rd2, 4607182418800017408;\n"
   "\tmov.b64 %d1, %rd2;\n"      # m in [1, 2)
   "\tsetp.gt.f64 %p5, %d1, " + D(math.sqrt(2)) + ";\n\t@!%p5 bra $Lm;\n"
   "\tmul.rn.f64 %d1, %d1, 0d3FE0000000000000;\n\tadd.s32 %r0, %r0, 1;\n"
   "$Lm:\n\tadd.s32 %r0, %r0, %r3;\n"
   "\tsub.rn.f64 %d2, %d1, 0d3FF0000000000000;\n\tadd.rn.f64 %d3, %d1, 0d3FF0000000000000;\n\tdiv.rn.f64 %d4, %d2, %d3;\n"
   "\tmul.rn.f64 %d5, %d4, %d4;\n" + horner("%d6", "%d5", atanh_coeffs) +
   "\tmul.rn.f64 %d6, %d6, %d4;\n\tcvt.rn.f64.s32 %d7, %r0;\n"
   "\tfma.rn.f64 %d8, %d7, " + D(LN2LO) + ", %d6;\n\tfma.rn.f64 %d8, %d7, " + D(LN2HI) + ", %d8;\n" + ret("%d8") +
   "$Lnan:\n" + ret("%d0") + "$Lneg:\n" + ret(D(math.nan)) + "$Lzero:\n" + ret(D(-math.inf)))
# ---- sin and cos: j = nearest integer to x 2/pi, r = x - j pi/2 (three parts), the quadrant's polynomial
PIO2_1 = float.fromhex('0x1.921fb54400000p+0'); PIO2_2 = float.fromhex('0x1.0b4611a600000p-34'); PIO2_3 = float.fromhex('0x1.3198a2e037073p-69')
sin_c = [(-1) ** n / math.factorial(2 * n + 1) for n in range(9, -1, -1)]   # in r^2, times r
cos_c = [(-1) ** n / math.factorial(2 * n) for n in range(10, -1, -1)]
def sincos_body(cosine):
    return ("\tsetp.nan.f64 %p0, %d0, %d0;\n\t@%p0 bra $Lnan;\n\ttestp.infinite.f64 %p1, %d0;\n\t@%p1 bra $Linf;\n"
            "\tmul.rn.f64 %d1, %d0, " + D(2 / math.pi) + ";\n\tcvt.rni.f64.f64 %d1, %d1;\n"
            "\tfma.rn.f64 %d2, %d1, " + D(-PIO2_1) + ", %d0;\n\tfma.rn.f64 %d2, %d1, " + D(-PIO2_2) + ", %d2;\n"
            "\tfma.rn.f64 %d2, %d1, " + D(-PIO2_3) + ", %d2;\n"
            "\tcvt.rzi.s64.f64 %rd0, %d1;\n\tcvt.u32.u64 %r0, %rd0;\n" + ("\tadd.s32 %r0, %r0, 1;\n" if cosine else "") +
            "\tmul.rn.f64 %d3, %d2, %d2;\n" + horner("%d4", "%d3", sin_c) + "\tmul.rn.f64 %d4, %d4, %d2;\n"
            + horner("%d5", "%d3", cos_c) +
            "\tand.b32 %r1, %r0, 1;\n\tsetp.ne.b32 %p2, %r1, 0;\n\tselp.f64 %d6, %d5, %d4, %p2;\n"
            "\tand.b32 %r1, %r0, 2;\n\tsetp.ne.b32 %p3, %r1, 0;\n\tneg.f64 %d7, %d6;\n\tselp.f64 %d6, %d7, %d6, %p3;\n"
            + ret("%d6") + "$Lnan:\n" + ret("%d0") + "$Linf:\n" + ret(D(math.nan)))
fn(P + "sin", 1, sincos_body(0))
fn(P + "cos", 1, sincos_body(1))
fn(P + "tan", 1, call(P + "sin", "%d1", "%d0") + call(P + "cos", "%d2", "%d0") + "\tdiv.rn.f64 %d3, %d1, %d2;\n" + ret("%d3"))
# ---- atan: |x| > 1: pi/2 - atan(1/|x|); above tan(pi/12): pi/6 + atan((x sqrt3 - 1)/(x + sqrt3)); series
atan_c = [(-1) ** n / (2 * n + 1) for n in range(16, -1, -1)]
fn(P + "atan", 1,
   "\tsetp.nan.f64 %p0, %d0, %d0;\n\t@%p0 bra $Lnan;\n"
   "\tabs.f64 %d1, %d0;\n\tmov.f64 %d9, 0d0000000000000000;\n\tmov.f64 %d10, 0d3FF0000000000000;\n"
   "\tsetp.gt.f64 %p1, %d1, 0d3FF0000000000000;\n\t@!%p1 bra $Lle1;\n"
   "\trcp.rn.f64 %d1, %d1;\n\tmov.f64 %d9, " + D(math.pi / 2) + ";\n\tmov.f64 %d10, 0dBFF0000000000000;\n"
   "$Lle1:\n\tmov.f64 %d11, 0d0000000000000000;\n"
   "\tsetp.gt.f64 %p2, %d1, " + D(2 - math.sqrt(3)) + ";\n\t@!%p2 bra $Lsmall;\n"
   "\tfma.rn.f64 %d2, %d1, " + D(math.sqrt(3)) + ", 0dBFF0000000000000;\n\tadd.rn.f64 %d3, %d1, " + D(math.sqrt(3)) + ";\n"
   "\tdiv.rn.f64 %d1, %d2, %d3;\n\tmov.f64 %d11, " + D(math.pi / 6) + ";\n"
   "$Lsmall:\n\tmul.rn.f64 %d4, %d1, %d1;\n" + horner("%d5", "%d4", atan_c) +
   "\tfma.rn.f64 %d5, %d5, %d1, %d11;\n\tfma.rn.f64 %d6, %d5, %d10, %d9;\n"
   "\tcopysign.f64 %d6, %d0, %d6;\n" + ret("%d6") + "$Lnan:\n" + ret("%d0"))
# atan2(y, x)
fn(P + "atan2", 2,
   "\tsetp.nan.f64 %p0, %d0, %d1;\n\t@%p0 bra $Lnan;\n"
   "\tabs.f64 %d2, %d0;\n\tabs.f64 %d3, %d1;\n"
   "\tsetp.eq.f64 %p1, %d3, 0d0000000000000000;\n\t@%p1 bra $Lxzero;\n"
   "\tdiv.rn.f64 %d4, %d2, %d3;\n" + call(P + "atan", "%d5", "%d4") +
   "\tmov.b64 %rd0, %d1;\n\tsetp.lt.s64 %p2, %rd0, 0;\n\tsub.rn.f64 %d6, " + D(math.pi) + ", %d5;\n"
   "\tselp.f64 %d5, %d6, %d5, %p2;\n\tcopysign.f64 %d5, %d0, %d5;\n" + ret("%d5") +
   "$Lxzero:\n\tsetp.eq.f64 %p3, %d2, 0d0000000000000000;\n\tmov.f64 %d5, " + D(math.pi / 2) + ";\n\t@!%p3 bra $Lsign;\n"
   "\tmov.b64 %rd0, %d1;\n\tsetp.lt.s64 %p2, %rd0, 0;\n\tselp.f64 %d5, " + D(math.pi) + ", 0d0000000000000000, %p2;\n"
   "$Lsign:\n\tcopysign.f64 %d5, %d0, %d5;\n" + ret("%d5") +
   "$Lnan:\n\tadd.rn.f64 %d0, %d0, %d1;\n" + ret("%d0"))
# asin(x) = atan2(x, sqrt((1-x)(1+x))); acos(x) = 2 atan(sqrt((1-x)/(1+x)))
fn(P + "asin", 1,
   "\tabs.f64 %d1, %d0;\n\tsetp.gt.f64 %p0, %d1, 0d3FF0000000000000;\n\t@%p0 bra $Lnan;\n"
   "\tsub.rn.f64 %d2, 0d3FF0000000000000, %d0;\n\tadd.rn.f64 %d3, 0d3FF0000000000000, %d0;\n\tmul.rn.f64 %d2, %d2, %d3;\n"
   "\tsqrt.rn.f64 %d2, %d2;\n" + call(P + "atan2", "%d4", "%d0", "%d2") + ret("%d4") + "$Lnan:\n" + ret(D(math.nan)))
fn(P + "acos", 1,
   "\tabs.f64 %d1, %d0;\n\tsetp.gt.f64 %p0, %d1, 0d3FF0000000000000;\n\t@%p0 bra $Lnan;\n"
   "\tsub.rn.f64 %d2, 0d3FF0000000000000, %d0;\n\tadd.rn.f64 %d3, 0d3FF0000000000000, %d0;\n\tmul.rn.f64 %d2, %d2, %d3;\n"
   "\tsqrt.rn.f64 %d2, %d2;\n" + call(P + "atan2", "%d4", "%d2", "%d0") + ret("%d4") + "$Lnan:\n" + ret(D(math.nan)))
# pow(x, y)
fn(P + "pow", 2,
   "\tsetp.eq.f64 %p0, %d1, 0d0000000000000000;\n\t@%p0 bra $Lone;\n"
   "\tsetp.eq.f64 %p0, %d0, 0d3FF0000000000000;\n\t@%p0 bra $Lone;\n"
   "\tsetp.nan.f64 %p1, %d0, %d1;\n\t@%p1 bra $Lnan;\n"
   "\tabs.f64 %d2, %d0;\n"
   # y an odd integer? (for the sign of a negative x)
   "\tcvt.rzi.f64.f64 %d3, %d1;\n\tsetp.eq.f64 %p2, %d3, %d1;\n"
   "\tmul.rn.f64 %d4, %d1, 0d3FE0000000000000;\n\tcvt.rzi.f64.f64 %d5, %d4;\n\tsetp.ne.f64 %p3, %d5, %d4;\n"
   "\tand.pred %p3, %p3, %p2;\n"   # odd integer
   "\tsetp.lt.f64 %p4, %d0, 0d0000000000000000;\n\tnot.pred %p5, %p2;\n\tand.pred %p5, %p5, %p4;\n\t@%p5 bra $Lneg;\n"
   "\tsetp.eq.f64 %p6, %d2, 0d0000000000000000;\n\t@%p6 bra $Lzero;\n"
   + call(P + "log", "%d6", "%d2") + "\tmul.rn.f64 %d7, %d6, %d1;\n" + call(P + "exp", "%d8", "%d7") +
   "\tand.pred %p7, %p3, %p4;\n\tneg.f64 %d9, %d8;\n\tselp.f64 %d8, %d9, %d8, %p7;\n" + ret("%d8") +
   "$Lzero:\n\tsetp.lt.f64 %p8, %d1, 0d0000000000000000;\n\tselp.f64 %d8, " + D(math.inf) + ", 0d0000000000000000, %p8;\n"
   "\tand.pred %p7, %p3, %p4;\n\tneg.f64 %d9, %d8;\n\tselp.f64 %d8, %d9, %d8, %p7;\n" + ret("%d8") +
   "$Lone:\n" + ret(D(1.0)) + "$Lnan:\n\tadd.rn.f64 %d0, %d0, %d1;\n" + ret("%d0") + "$Lneg:\n" + ret(D(math.nan)))
fn(P + "exp2", 1, "\tmul.rn.f64 %d1, %d0, " + D(math.log(2)) + ";\n" + call(P + "exp", "%d2", "%d1") + ret("%d2"))
fn(P + "log2", 1, call(P + "log", "%d1", "%d0") + "\tmul.rn.f64 %d1, %d1, " + D(1 / math.log(2)) + ";\n" + ret("%d1"))
fn(P + "log10", 1, call(P + "log", "%d1", "%d0") + "\tmul.rn.f64 %d1, %d1, " + D(1 / math.log(10)) + ";\n" + ret("%d1"))
# cbrt: exp(log|x| / 3), one Newton step, the sign
fn(P + "cbrt", 1,
   "\tabs.f64 %d1, %d0;\n\tsetp.eq.f64 %p0, %d1, 0d0000000000000000;\n\ttestp.infinite.f64 %p1, %d1;\n"
   "\tsetp.nan.f64 %p2, %d1, %d1;\n\tor.pred %p0, %p0, %p1;\n\tor.pred %p0, %p0, %p2;\n\t@%p0 bra $Lself;\n"
   + call(P + "log", "%d2", "%d1") + "\tmul.rn.f64 %d2, %d2, " + D(1 / 3) + ";\n" + call(P + "exp", "%d3", "%d2") +
   "\tmul.rn.f64 %d4, %d3, %d3;\n\tmul.rn.f64 %d5, %d4, %d3;\n\tsub.rn.f64 %d5, %d5, %d1;\n\tmul.rn.f64 %d4, %d4, 0d4008000000000000;\n"
   "\tdiv.rn.f64 %d5, %d5, %d4;\n\tsub.rn.f64 %d3, %d3, %d5;\n\tcopysign.f64 %d3, %d0, %d3;\n" + ret("%d3") + "$Lself:\n" + ret("%d0"))
# hypot
fn(P + "hypot", 2,
   "\tabs.f64 %d2, %d0;\n\tabs.f64 %d3, %d1;\n\ttestp.infinite.f64 %p0, %d2;\n\ttestp.infinite.f64 %p1, %d3;\n"
   "\tor.pred %p0, %p0, %p1;\n\t@%p0 bra $Linf;\n\tmax.f64 %d4, %d2, %d3;\n\tmin.f64 %d5, %d2, %d3;\n"
   "\tsetp.eq.f64 %p2, %d4, 0d0000000000000000;\n\t@%p2 bra $Lzero;\n"
   "\tsetp.nan.f64 %p3, %d2, %d3;\n\t@%p3 bra $Lnan;\n"
   "\tdiv.rn.f64 %d6, %d5, %d4;\n\tfma.rn.f64 %d7, %d6, %d6, 0d3FF0000000000000;\n\tsqrt.rn.f64 %d7, %d7;\n"
   "\tmul.rn.f64 %d7, %d7, %d4;\n" + ret("%d7") + "$Linf:\n" + ret(D(math.inf)) + "$Lzero:\n" + ret(D(0.0)) +
   "$Lnan:\n\tadd.rn.f64 %d2, %d2, %d3;\n" + ret("%d2"))
# expm1: Taylor below 1/2, else exp - 1
em1_c = [1.0 / math.factorial(n) for n in range(17, 0, -1)]   # x (1 + x/2 + ...): poly in x times x
fn(P + "expm1", 1,
   "\tabs.f64 %d1, %d0;\n\tsetp.lt.f64 %p0, %d1, 0d3FE0000000000000;\n\t@!%p0 bra $Lbig;\n"
   + horner("%d2", "%d0", em1_c[:-1] + [1.0]).replace("mov.f64 %d2, " + D(em1_c[0]), "mov.f64 %d2, " + D(em1_c[0])) +
   "\tmul.rn.f64 %d2, %d2, %d0;\n" + ret("%d2") +
   "$Lbig:\n" + call(P + "exp", "%d2", "%d0") + "\tsub.rn.f64 %d2, %d2, 0d3FF0000000000000;\n" + ret("%d2"))
# log1p: 2 atanh(x / (2 + x)) below 1/2, else log(1 + x)
fn(P + "log1p", 1,
   "\tabs.f64 %d1, %d0;\n\tsetp.lt.f64 %p0, %d1, 0d3FE0000000000000;\n\t@!%p0 bra $Lbig;\n"
   "\tadd.rn.f64 %d2, %d0, 0d4000000000000000;\n\tdiv.rn.f64 %d3, %d0, %d2;\n\tmul.rn.f64 %d4, %d3, %d3;\n"
   + horner("%d5", "%d4", [2.0 / (2 * n + 1) for n in range(20, -1, -1)]) + "\tmul.rn.f64 %d5, %d5, %d3;\n" + ret("%d5") +
   "$Lbig:\n\tadd.rn.f64 %d2, %d0, 0d3FF0000000000000;\n" + call(P + "log", "%d3", "%d2") + ret("%d3"))
# sinh, cosh, tanh
sinh_c = [1.0 / math.factorial(2 * n + 1) for n in range(9, -1, -1)]
fn(P + "sinh", 1,
   "\tabs.f64 %d1, %d0;\n\tsetp.lt.f64 %p0, %d1, 0d3FE0000000000000;\n\t@!%p0 bra $Lbig;\n"
   "\tmul.rn.f64 %d2, %d0, %d0;\n" + horner("%d3", "%d2", sinh_c) + "\tmul.rn.f64 %d3, %d3, %d0;\n" + ret("%d3") +
   "$Lbig:\n\tsub.rn.f64 %d4, %d1, " + D(math.log(2)) + ";\n" + call(P + "exp", "%d2", "%d4") +
   "\tmul.rn.f64 %d5, %d1, 0dBFF0000000000000;\n\tsub.rn.f64 %d5, %d5, " + D(math.log(2)) + ";\n" + call(P + "exp", "%d6", "%d5") +
   "\tsub.rn.f64 %d2, %d2, %d6;\n\tcopysign.f64 %d2, %d0, %d2;\n" + ret("%d2"))
fn(P + "cosh", 1,
   "\tabs.f64 %d1, %d0;\n\tsub.rn.f64 %d4, %d1, " + D(math.log(2)) + ";\n" + call(P + "exp", "%d2", "%d4") +
   "\tmul.rn.f64 %d5, %d1, 0dBFF0000000000000;\n\tsub.rn.f64 %d5, %d5, " + D(math.log(2)) + ";\n" + call(P + "exp", "%d6", "%d5") +
   "\tadd.rn.f64 %d2, %d2, %d6;\n" + ret("%d2"))
fn(P + "tanh", 1,
   "\tabs.f64 %d1, %d0;\n\tsetp.gt.f64 %p0, %d1, 0d4036000000000000;\n\t@%p0 bra $Lone;\n"
   "\tadd.rn.f64 %d2, %d1, %d1;\n" + call(P + "expm1", "%d3", "%d2") +
   "\tadd.rn.f64 %d4, %d3, 0d4000000000000000;\n\tdiv.rn.f64 %d3, %d3, %d4;\n\tcopysign.f64 %d3, %d0, %d3;\n" + ret("%d3") +
   "$Lone:\n\tcopysign.f64 %d3, %d0, 0d3FF0000000000000;\n" + ret("%d3"))
# erf: the Maclaurin series below 3 (60 terms), else 1 - erfc by the continued fraction
erf_terms = 60
fn(P + "erf", 1,
   "\tsetp.nan.f64 %p0, %d0, %d0;\n\t@%p0 bra $Lnan;\n"
   "\tabs.f64 %d1, %d0;\n\tsetp.ge.f64 %p1, %d1, 0d4018000000000000;\n\t@%p1 bra $Lone;\n"
   "\tsetp.ge.f64 %p2, %d1, 0d4008000000000000;\n\t@%p2 bra $Lcf;\n"
   # term_n = (-1)^n x^(2n+1) / (n! (2n+1)): t_0 = x, t_{n} = t_{n-1} * (-x^2) / n; sum t_n / (2n+1)
   "\tmul.rn.f64 %d2, %d1, %d1;\n\tneg.f64 %d2, %d2;\n\tmov.f64 %d3, %d1;\n\tmov.f64 %d4, %d1;\n\tmov.f64 %d5, 0d3FF0000000000000;\n"
   "\tmov.u32 %r0, 1;\n"
   "$Lloop:\n\tmul.rn.f64 %d3, %d3, %d2;\n\tdiv.rn.f64 %d3, %d3, %d5;\n"
   "\tfma.rn.f64 %d6, %d5, 0d4000000000000000, 0d3FF0000000000000;\n\tdiv.rn.f64 %d7, %d3, %d6;\n\tadd.rn.f64 %d4, %d4, %d7;\n"
   "\tadd.rn.f64 %d5, %d5, 0d3FF0000000000000;\n\tadd.u32 %r0, %r0, 1;\n\tsetp.le.u32 %p3, %r0, " + str(erf_terms) + ";\n\t@%p3 bra $Lloop;\n"
   "\tmul.rn.f64 %d4, %d4, " + D(2 / math.sqrt(math.pi)) + ";\n\tcopysign.f64 %d4, %d0, %d4;\n" + ret("%d4") +
   # erfc(x) = exp(-x^2) / sqrt(pi) / (x + (1/2)/(x + 1/(x + (3/2)/(x + ...))))
   "$Lcf:\n\tmov.f64 %d3, %d1;\n\tmov.f64 %d5, " + D(40 / 2) + ";\n"
   "$Lcfloop:\n\tdiv.rn.f64 %d6, %d5, %d3;\n\tadd.rn.f64 %d3, %d1, %d6;\n\tsub.rn.f64 %d5, %d5, 0d3FE0000000000000;\n"
   "\tsetp.gt.f64 %p4, %d5, 0d0000000000000000;\n\t@%p4 bra $Lcfloop;\n"
   "\tmul.rn.f64 %d7, %d1, %d1;\n\tneg.f64 %d7, %d7;\n" + call(P + "exp", "%d8", "%d7") +
   "\tmul.rn.f64 %d3, %d3, " + D(math.sqrt(math.pi)) + ";\n\tdiv.rn.f64 %d8, %d8, %d3;\n"
   "\tsub.rn.f64 %d8, 0d3FF0000000000000, %d8;\n\tcopysign.f64 %d8, %d0, %d8;\n" + ret("%d8") +
   "$Lone:\n\tcopysign.f64 %d4, %d0, 0d3FF0000000000000;\n" + ret("%d4") + "$Lnan:\n" + ret("%d0"))
out = "\n".join(protos) + "\n\n" + "\n".join(funcs)
lines = [l for l in out.split("\n")]
with open("engine/gpu/dmath_ptx.h", "w") as f:
    f.write("/* dmath_ptx.h - generated by tools/gen-dmath.py: do not edit. The PTX\n"
            " * subroutines __ws_dNAME of the double-precision math functions, one\n"
            " * line an entry, NULL last (engine/gpu/ptx.c) */\n")
    f.write("static const char *const dmath_ptx[] = {\n")
    for l in lines:
        f.write('\t"%s\\n",\n' % l.replace("\\", "\\\\").replace('"', '\\"'))
    f.write("\tNULL\n};\n")
