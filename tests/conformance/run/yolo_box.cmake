xbang_conformance_run(NAME yolo_box TREE main
                      MLU kernels/yolo_box/yolo_box_block.mlu
                      TEST yolo_box.cpp)
