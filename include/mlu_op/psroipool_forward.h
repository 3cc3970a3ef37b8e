// psroipool_forward: declared by its operator (see ops/psroipool_forward/).
#pragma once
