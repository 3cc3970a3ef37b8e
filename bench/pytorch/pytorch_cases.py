#!/usr/bin/env python3
"""What a user runs instead of xbang: PyTorch on the CPU, on the cases of
bench/mlu_ops (the same shapes, random data of the same kind), on all host
cores. Prints a Markdown table of median times; docs/benchmarks.md quotes it
beside the emulator's figures measured on the same machine.

    /usr/bin/python3 bench/pytorch/pytorch_cases.py

Needs torch and torchvision (Debian: python3-torch python3-torchvision);
none of xbang's builds or tests use it.
"""
import os
import statistics
import time

import torch
import torchvision


def median_ms(fn, runs=7):
    fn()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return 1e3 * statistics.median(times)


def random_rois(count, batch, image_height, image_width, gen):
    x = torch.rand(count, 2, generator=gen) * image_width
    y = torch.rand(count, 2, generator=gen) * image_height
    b = torch.randint(0, batch, (count, 1), generator=gen).float()
    return torch.cat([b, x.min(1, keepdim=True).values, y.min(1, keepdim=True).values,
                      x.max(1, keepdim=True).values, y.max(1, keepdim=True).values], 1)


def psroipool_cases(gen):
    # name, batch, height, width, group_size, output_dim, rois, scale, image
    for name, b, h, w, g, out, rois, scale, image in [
            ("doc (1)", 1, 14, 14, 7, 8, 320, 1.0, (14.0, 14.0)),
            ("doc (2)", 2, 14, 14, 3, 21, 493, 0.0625, (14 * 16.0, 14 * 16.0)),
            ("R-FCN", 1, 38, 63, 7, 21, 300, 1 / 16, (608.0, 1008.0))]:
        x = torch.rand(b, g * g * out, h, w, generator=gen)
        r = random_rois(rois, b, image[0], image[1], gen)
        yield ("psroipool_forward", name, "torchvision.ops.ps_roi_pool",
               lambda x=x, r=r, g=g, scale=scale:
               torchvision.ops.ps_roi_pool(x, r, g, scale))


def three_interpolate_cases(gen):
    for number, (b, c, m, n) in [(7, (16, 1024, 128, 4096)),
                                 (10, (16, 512, 128, 2048))]:
        grad_out = torch.rand(b, c, n, generator=gen) * 2 - 1
        idx = torch.randint(0, m, (b, n, 3), generator=gen)
        weight = torch.rand(b, n, 3, generator=gen)

        def scatter_add(grad_out=grad_out, idx=idx, weight=weight, b=b, c=c, m=m, n=n):
            grad = torch.zeros(b, c, m)
            contrib = (grad_out.unsqueeze(-1) * weight.unsqueeze(1)).reshape(b, c, n * 3)
            grad.scatter_add_(2, idx.reshape(b, 1, n * 3).expand(b, c, n * 3), contrib)
            return grad

        def dense_bmm(grad_out=grad_out, idx=idx, weight=weight, b=b, m=m, n=n):
            dense = torch.zeros(b, n, m)
            dense.scatter_add_(2, idx, weight)
            return torch.bmm(grad_out, dense)

        case = "case %d B=%d C=%d N=%d M=%d float" % (number, b, c, n, m)
        yield ("three_interpolate_backward", case, "scatter_add_", scatter_add)
        yield ("three_interpolate_backward", case, "bmm with a dense weight matrix",
               dense_bmm)


def voxel_pooling_case(gen):
    b, n, c, nx, ny = 2, 473088, 80, 128, 128
    xyz = torch.randint(-8, nx + 8, (b, n, 3), generator=gen)
    xyz[..., 2] = 0
    feats = torch.rand(b, n, c, generator=gen)

    def pool():
        inside = ((xyz[..., 0] >= 0) & (xyz[..., 0] < nx) & (xyz[..., 1] >= 0) &
                  (xyz[..., 1] < ny))
        batch = torch.arange(b).view(b, 1).expand(b, n)
        flat = (batch * ny + xyz[..., 1]) * nx + xyz[..., 0]
        out = torch.zeros(b * ny * nx, c)
        out.index_add_(0, flat[inside], feats[inside])
        pos_memo = torch.where(inside.unsqueeze(-1),
                               torch.stack([batch, xyz[..., 1], xyz[..., 0]], -1),
                               torch.full_like(xyz, -1))
        return out, pos_memo

    yield ("voxel_pooling_forward", "B=2 N=473088 C=80 128x128x1 random",
           "index_add_", pool)


def dynamic_scatter_backward_case(gen):
    n, m, c = 17176, 13743, 128
    point2voxel = torch.randint(0, m, (n,), generator=gen)
    feats = torch.rand(n, c, generator=gen)
    voxel_feats = torch.full((m, c), -1.0).scatter_reduce(
        0, point2voxel.view(n, 1).expand(n, c), feats, "amax")
    grad_voxel = torch.rand(m, c, generator=gen)

    def backward():
        hit = feats == voxel_feats[point2voxel]
        points = torch.arange(n).view(n, 1).expand(n, c)
        first = torch.full((m, c), n).scatter_reduce(
            0, point2voxel.view(n, 1).expand(n, c),
            torch.where(hit, points, torch.full_like(points, n)), "amin")
        grad = torch.zeros(n * c)
        found = first < n
        target = first * c + torch.arange(c).view(1, c)
        grad[target[found]] = grad_voxel[found]
        return grad.view(n, c)

    yield ("dynamic_scatter_backward", "max N=17176 M=13743 C=128",
           "scatter_reduce_ (amin) and indexing", backward)


def main():
    torch.set_num_threads(os.cpu_count())
    gen = torch.Generator().manual_seed(2026)
    print("torch %s, torchvision %s, %d threads" %
          (torch.__version__, torchvision.__version__, torch.get_num_threads()))
    print()
    print("| operator | case | PyTorch | time (ms) |")
    print("|---|---|---|---|")
    with torch.no_grad():
        for cases in (psroipool_cases, three_interpolate_cases,
                      voxel_pooling_case, dynamic_scatter_backward_case):
            for op, case, how, fn in cases(gen):
                print("| %s | %s | %s | %.2f |" % (op, case, how, median_ms(fn)),
                      flush=True)


if __name__ == "__main__":
    main()
