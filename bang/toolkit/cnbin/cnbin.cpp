// libcnbin.so. On Cambricon's toolkit it reads fat binaries (device code for
// several MLU architectures in one file). Here a kernel is host code that the
// C++ compiler has already built into its module, so there is no device
// binary to read: the library exists so that builds naming `-lcnbin` link,
// and it carries nothing but its dependency on the emulated device.
