// three_interpolate_backward: declared by its operator (see ops/three_interpolate_backward/).
#pragma once
