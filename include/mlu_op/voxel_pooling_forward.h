// voxel_pooling_forward: declared by its operator (see ops/voxel_pooling_forward/).
#pragma once
