// indice_convolution_forward: declared by its operator (see ops/indice_convolution_forward/).
#pragma once
