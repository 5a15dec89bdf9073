#ifndef VRAMPLAN_GPU_H
#define VRAMPLAN_GPU_H

/* A GPU as the catalogue describes it. Owns no heap memory. */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vramplan/model.h"

struct vp_gpu {
	char name[VP_NAME_MAX];      /* catalogue key, e.g. "rtx3090" */
	char full_name[128];         /* "NVIDIA GeForce RTX 3090" */
	char aliases[VP_MAX_ALIASES][VP_NAME_MAX];
	size_t n_aliases;
	char source[VP_TEXT_MAX];
	uint64_t memory_mib;         /* total memory as nvidia-smi/NVML reports it */
	unsigned compute_capability; /* major*10 + minor: 70 = Volta, 80 = A100, 86, 89, 90, 100, 120 */
	bool bf16;                   /* native bf16 (compute capability >= 8.0) */
	bool flash_attn;             /* FlashAttention-2 runs on it (Ampere or newer) */
	double fp16_tflops;          /* peak dense fp16/bf16 tensor TFLOP/s */
	double bandwidth_gbs;        /* memory bandwidth, GB/s */
};

#endif
