// dynamic_scatter_backward: declared by its operator (see ops/dynamic_scatter_backward/).
#pragma once
