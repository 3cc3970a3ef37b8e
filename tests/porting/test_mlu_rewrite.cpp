// Unit tests of the .mlu rewriter (bang/porting), one test suite per pass
// (bang/porting/rewrite/): LaunchPass, AsmPass, OnchipPass, InlinePass,
// NoBreakSpacePass, DirectivePass; MluRewrite for the whole translation unit
// and MluRewriteTool for the xbang-mlu-rewrite tool itself.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "mlu_rewrite.h"

namespace {

using xbang::porting::rewrite_mlu_source;

constexpr char kHeader[] = "#line 1 \"k.mlu\"\n";

// The rewritten text without the #line header; fails the test on an error.
std::string rewrite(const std::string& source, int expected_launches = -1) {
  const auto result = rewrite_mlu_source(source, "k.mlu");
  EXPECT_TRUE(result.ok) << result.error;
  if (!result.ok) return "";
  EXPECT_EQ(result.output.rfind(kHeader, 0), 0u) << result.output;
  if (expected_launches >= 0) EXPECT_EQ(result.launches, expected_launches);
  return result.output.substr(sizeof(kHeader) - 1);
}

std::string rewrite_error(const std::string& source) {
  const auto result = rewrite_mlu_source(source, "k.mlu");
  EXPECT_FALSE(result.ok) << result.output;
  return result.error;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) lines.push_back(line);
  return lines;
}

TEST(LaunchPass, SimpleLaunchBecomesAnExpression) {
  EXPECT_EQ(rewrite("  Kernel<<<k_dim, k_type, queue>>>(x, n);\n", 1),
            "  ::xbang::launch(k_dim, k_type, queue, [=]() { Kernel(x, n); }, "
            "\"Kernel\");\n");
  EXPECT_EQ(rewrite("return Kernel<<<d, t, q>>>();", 1),
            "return ::xbang::launch(d, t, q, [=]() { Kernel(); }, "
            "\"Kernel\");");
}

TEST(LaunchPass, FileWithoutLaunchesIsCopiedUnchanged) {
  const std::string source =
      "#include <bang.h>\n"
      "__mlu_global__ void K(float *x) { x[0] = 1 << 3 >> 1; }\n";
  EXPECT_EQ(rewrite(source, 0), source);
}

TEST(OnchipPass, NamespaceScopeOnchipVariablesGetInternalLinkage) {
  // A definition gets a guard zone on each side and is kept (`used`).
  EXPECT_EQ(rewrite("__nram__ int8_t nram_buffer[MAX_NRAM_SIZE];\n"),
            "namespace { XBANG_ONCHIP_GUARD_(__nram__) __nram__ "
            "__attribute__((used)) int8_t nram_buffer[MAX_NRAM_SIZE]; "
            "XBANG_ONCHIP_GUARD_(__nram__) }\n");
  EXPECT_EQ(rewrite("extern __wram__ int8_t w[8];\n__nram__ static float "
                    "t[2] = {1, 2};\n"),
            "namespace { extern __wram__ int8_t w[8]; }\n"
            "namespace { XBANG_ONCHIP_GUARD_(__nram__) __nram__ "
            "__attribute__((used)) static float t[2] = {1, 2}; "
            "XBANG_ONCHIP_GUARD_(__nram__) }\n");
  EXPECT_EQ(rewrite("namespace a {\n__mlu_shared__ char s[4];\n}\n"),
            "namespace a {\nnamespace { XBANG_ONCHIP_GUARD_(__mlu_shared__) "
            "__mlu_shared__ __attribute__((used)) char s[4]; "
            "XBANG_ONCHIP_GUARD_(__mlu_shared__) }\n}\n");
  EXPECT_EQ(rewrite("extern \"C\" { __nram__ char n[4]; }"),
            "extern \"C\" { namespace { XBANG_ONCHIP_GUARD_(__nram__) __nram__ "
            "__attribute__((used)) char n[4]; XBANG_ONCHIP_GUARD_(__nram__) } "
            "}");
}

TEST(OnchipPass, BlockScopeOnchipVariables) {
  // thread_local is static inside a function already; SRAM needs `static`.
  // A per-core variable then tells checked mode where it lies.
  EXPECT_EQ(rewrite("void f() { __nram__ int t[4]; static __nram__ int u; }"),
            "void f() { XBANG_ONCHIP_GUARD_(__nram__) __nram__ "
            "__attribute__((used)) int t[4]; XBANG_ONCHIP_GUARD_(__nram__) "
            "XBANG_ONCHIP_LOCAL_(kNram, t) "
            "XBANG_ONCHIP_GUARD_(__nram__) static __nram__ "
            "__attribute__((used)) int u; XBANG_ONCHIP_GUARD_(__nram__) "
            "XBANG_ONCHIP_LOCAL_(kNram, u) }");
  EXPECT_NE(rewrite("template <class T> __mlu_global__ void k() { __wram__ T "
                    "w[2] = {1, 2}, v; __nram__ Pair<T, int> p[2]; }")
                .find("XBANG_ONCHIP_LOCAL_(kWram, w) "),
            std::string::npos);
  EXPECT_NE(rewrite("template <class T> __mlu_global__ void k() { __wram__ T "
                    "w[2] = {1, 2}, v; __nram__ Pair<T, int> p[2]; }")
                .find("XBANG_ONCHIP_LOCAL_(kNram, p) }"),
            std::string::npos);
  EXPECT_EQ(rewrite("void f() {\n  __mlu_shared__ char s[4];\n}"),
            "void f() {\n  XBANG_ONCHIP_GUARD_(__mlu_shared__) static "
            "__mlu_shared__ __attribute__((used)) char s[4]; "
            "XBANG_ONCHIP_GUARD_(__mlu_shared__)\n}");
  EXPECT_EQ(rewrite("struct S { void f() { static __mlu_shared__ int s; } };"),
            "struct S { void f() { XBANG_ONCHIP_GUARD_(__mlu_shared__) static "
            "__mlu_shared__ __attribute__((used)) int s; "
            "XBANG_ONCHIP_GUARD_(__mlu_shared__) } };");
  // Braces in a #define do not open a scope.
  EXPECT_EQ(rewrite("#define OPEN {\n__nram__ char n[4];\n"),
            "#define OPEN {\nnamespace { XBANG_ONCHIP_GUARD_(__nram__) "
            "__nram__ __attribute__((used)) char n[4]; "
            "XBANG_ONCHIP_GUARD_(__nram__) }\n");
  // A directive line is not part of the declaration after it.
  EXPECT_EQ(rewrite("#endif\n__nram__ char n[4];\n"),
            "#endif\nnamespace { XBANG_ONCHIP_GUARD_(__nram__) __nram__ "
            "__attribute__((used)) char n[4]; XBANG_ONCHIP_GUARD_(__nram__) "
            "}\n");
}

// The rewrite without the guard zones and `used` marks it gives every
// on-chip definition (checked above), for tests about the rest.
std::string rewrite_without_guards(const std::string& source) {
  std::string text = rewrite(source);
  // The notes checked mode gets for block-scope per-core variables.
  text = std::regex_replace(
      text, std::regex(R"( XBANG_ONCHIP_LOCAL_\(k[NW]ram, \w+\))"), "");
  for (const std::string mark :
       {"XBANG_ONCHIP_GUARD_(__nram__) ", "XBANG_ONCHIP_GUARD_(__wram__) ",
        "XBANG_ONCHIP_GUARD_(__mlu_shared__) ", " __attribute__((used))"}) {
    for (size_t at = text.find(mark); at != std::string::npos;
         at = text.find(mark, at)) {
      text.erase(at, mark.size());
    }
  }
  return text;
}

TEST(OnchipPass, DeviceFunctionWithOnchipVariablesGetsInternalLinkage) {
  // Its on-chip variables then share the file's sections with the
  // namespace-scope ones (a COMDAT object there is a GCC section conflict).
  EXPECT_EQ(rewrite_without_guards(
                "__mlu_func__ int f() { __nram__ int t[2] = {0, 1}; "
                "__nram__ int u[2]; return t[1]; }"),
            "static __mlu_func__ int f() { __nram__ int t[2] = {0, 1}; "
            "__nram__ int u[2]; return t[1]; }");
  EXPECT_EQ(rewrite_without_guards("template <typename T>\n"
                                   "__mlu_func__ void g(T *x) noexcept {\n"
                                   "  if (x) { __nram__ int t[2]; }\n}\n"),
            "template <typename T>\n"
            "static __mlu_func__ void g(T *x) noexcept {\n"
            "  if (x) { __nram__ int t[2]; }\n}\n");
  EXPECT_EQ(rewrite_without_guards(
                "inline std::pair<int, int> h() { __wram__ char w[4]; }"),
            "static inline std::pair<int, int> h() { __wram__ char w[4]; }");
  // Left as written: kernels, already static, members, specializations.
  for (const std::string source :
       {"__mlu_global__ void K() { __nram__ int t[2]; }",
        "static __mlu_func__ void f() { __nram__ int t[2]; }",
        "struct S { __mlu_func__ void f() { __nram__ int t[2]; } };",
        "__mlu_func__ void S::f() { __nram__ int t[2]; }",
        "template <> __mlu_func__ void f<int>() { __nram__ int t[2]; }"}) {
    EXPECT_EQ(rewrite_without_guards(source), source);
  }
}

// The unnamed namespace opens before the whole declaration, attribute
// specifiers included; at block scope `static` follows them (standard
// attributes must precede every decl-specifier).
TEST(OnchipPass, AttributeSpecifiersStayInsideTheDeclaration) {
  EXPECT_EQ(rewrite("alignas(64) __nram__ char n[64];\n"),
            "namespace { XBANG_ONCHIP_GUARD_(__nram__) alignas(64) __nram__ "
            "__attribute__((used)) char n[64]; XBANG_ONCHIP_GUARD_(__nram__) "
            "}\n");
  EXPECT_EQ(rewrite_without_guards(
                "static __attribute__((aligned(128))) __wram__ char w[64];\n"
                "[[maybe_unused]] alignas(2 * 32) __nram__ int t[4];\n"),
            "namespace { static __attribute__((aligned(128))) __wram__ char "
            "w[64]; }\n"
            "namespace { [[maybe_unused]] alignas(2 * 32) __nram__ int t[4]; "
            "}\n");
  EXPECT_EQ(rewrite("void f() { alignas(64) __mlu_shared__ char s[4]; }"),
            "void f() { XBANG_ONCHIP_GUARD_(__mlu_shared__) alignas(64) static "
            "__mlu_shared__ __attribute__((used)) char s[4]; "
            "XBANG_ONCHIP_GUARD_(__mlu_shared__) }");
}

// The rewriter does not expand macros. A whole declaration in a #define gets
// its guards and `static` (right at namespace and at block scope alike); a
// qualifier in a macro that is not a whole declaration stops the rewrite.
TEST(OnchipPass, DeclarationInAMacroGetsItsGuards) {
  EXPECT_EQ(rewrite("#define DECL __nram__ char buf[64];\nDECL\n"),
            "#define DECL XBANG_ONCHIP_GUARD_(__nram__) static __nram__ "
            "__attribute__((used)) char buf[64]; XBANG_ONCHIP_GUARD_(__nram__)"
            "\nDECL\n");
  EXPECT_EQ(rewrite_without_guards(
                "#define SHARED(name, n) \\\n  alignas(64) __mlu_shared__ "
                "float name[n]; \\\n  static __wram__ char w_##name[n]; \\\n"
                "  int i_##name;\n"
                "#define EXTERN extern __nram__ char e[];\n"),
            "#define SHARED(name, n) \\\n  alignas(64) static __mlu_shared__ "
            "float name[n]; \\\n  static __wram__ char w_##name[n]; \\\n"
            "  int i_##name;\n"
            "#define EXTERN extern __nram__ char e[];\n");
  EXPECT_EQ(rewrite_error("int a;\n#define NRAM __nram__\nNRAM char b[4];\n"),
            "k.mlu:2:14: error: '__nram__' in a macro that is not a whole "
            "declaration ending with ';': xbang-mlu-rewrite does not expand "
            "macros, so the variables declared with it would get no guard "
            "zones; write '__nram__' in the declaration itself");
  EXPECT_NE(rewrite_error("#define BUF(n) __wram__ char n[4]\nBUF(x);\n")
                .find("k.mlu:1:16: error: '__wram__' in a macro"),
            std::string::npos);
}

TEST(InlinePass, RepeatedInlineOfDeviceFunctionIsDropped) {
  EXPECT_EQ(rewrite("__mlu_func__ inline void f();\n"
                    "static inline __mlu_func__ int g();\n"
                    "inline int h();\n"),
            "__mlu_func__        void f();\n"
            "static        __mlu_func__ int g();\n"
            "inline int h();\n");
}

// The spellings real kernel headers use: attribute groups among the
// specifiers, the qualifier first or last, a template head before them.
TEST(InlinePass, InlineAcrossAttributeGroupsIsDropped) {
  EXPECT_EQ(
      rewrite("__mlu_func__ __attribute__((always_inline)) inline void f();\n"
              "static inline __attribute__((always_inline)) __mlu_func__ "
              "int g();\n"
              "[[gnu::always_inline]] inline __mlu_device__ void h();\n"
              "template <typename T> __mlu_func__ constexpr inline T k();\n"
              "__attribute__((noinline)) inline int plain();\n"
              "inline void call() { f(); }\n"),
      "__mlu_func__ __attribute__((always_inline))        void f();\n"
      "static        __attribute__((always_inline)) __mlu_func__ int g();\n"
      "[[gnu::always_inline]]        __mlu_device__ void h();\n"
      "template <typename T> __mlu_func__ constexpr        T k();\n"
      "__attribute__((noinline)) inline int plain();\n"
      "inline void call() { f(); }\n");
}

TEST(NoBreakSpacePass, NoBreakSpaceOutsideLiteralsBecomesSpaces) {
  EXPECT_EQ(rewrite("int\xC2\xA0x = 1;\xC2\xA0// c\n"
                    "const char *s = \"\xC2\xA0\";\n"),
            "int  x = 1;  // c\nconst char *s = \"\xC2\xA0\";\n");
}

// A launch moves the text around its name and configuration: the no-break
// spaces there become spaces too, and the line count stays.
TEST(NoBreakSpacePass, NoBreakSpacesInALaunch) {
  EXPECT_EQ(rewrite("void f() {\n  K\xC2\xA0<<<a,\xC2\xA0"
                    "b, c>>>(x,\xC2\xA0y);\n}\n",
                    1),
            "void f() {\n  ::xbang::launch(  a,  b, c, [=]() { K(x,  y); }, "
            "\"K\");\n}\n");
}

TEST(DirectivePass, QuotedIncludesAreListed) {
  const auto result = rewrite_mlu_source(
      "#include \"kernels/kernel.h\"\n#include <bang.h>\n"
      "#if 0\n#include \"disabled.h\"\n#endif\n  #  include \"a b.h\"\n",
      "k.mlu");
  ASSERT_TRUE(result.ok) << result.error;
  EXPECT_EQ(result.quoted_includes,
            (std::vector<std::string>{"kernels/kernel.h", "a b.h"}));
}

TEST(AsmPass, InlineAssemblyBecomesItsEmulation) {
  EXPECT_EQ(rewrite("void f() { __asm__ volatile(\"sync;\"); }"),
            "void f() { ::xbang::inline_asm::sync(); }");
  EXPECT_EQ(
      rewrite("  asm volatile(\"findlast1.gpr.b32 %[dst], %[src];\\n\\t\"\n"
              "               : [dst] \"+&r\"(exp)\n"
              "               : [src] \"r\"(base_num));\n"),
      "  ::xbang::inline_asm::findlast1((exp), (base_num))\n\n;\n");
  EXPECT_EQ(
      rewrite(
          "__asm__ volatile(\n"
          "    \"fuse.nram.f32 [%[dst]], %[num], [%[src0]], .mul(%[c]), \"\n"
          "    \".sub([%[src1]]), .add(%[rh]);\\n\\t\" ::[dst] \"r\"(y),\n"
          "    [num] \"r\"(n), [src0] \"r\"(a), [c] \"r\"(cos_theta),\n"
          "    [src1] \"r\"(b /* vector */), [rh] \"r\"(h));"),
      "::xbang::inline_asm::fuse<float>(\"fuse.nram.f32\", (y), (n), (a), "
      "::xbang::inline_asm::scalar_step<float>(::xbang::inline_asm::FuseOp::"
      "kMul, (cos_theta)), ::xbang::inline_asm::vector_step<float>(::xbang::"
      "inline_asm::FuseOp::kSub, (b)), ::xbang::inline_asm::scalar_step<"
      "float>(::xbang::inline_asm::FuseOp::kAdd, (h)))\n\n\n\n;");
  EXPECT_EQ(rewrite("__asm__ volatile(\"div.scalar.nram.f16 [%[d]], [%[s]], "
                    "%[v], %[n];\" ::[d] \"r\"(d), [s] \"r\"(s), [v] "
                    "\"r\"(v), [n] \"r\"(n));"),
            "::xbang::inline_asm::div_scalar<::xbang::half>(\"div.scalar.nram."
            "f16\", (d), (s), (v), (n));");
  EXPECT_EQ(rewrite("__asm__ volatile(\"gather.vector.nram.nram.nram.u32 "
                    "[%[d]], [%[s]], [%[o]], %[z], %[n], %[t];\" ::[d] "
                    "\"r\"(d), [s] \"r\"(s), [o] \"r\"(o), [z] \"i\"(4), [n] "
                    "\"r\"(n), [t] \"i\"(4));"),
            "::xbang::inline_asm::gather_vector(\"gather.vector.nram.nram.nram."
            "u32\", (d), (s), (o), (4), (n), (4));");
  EXPECT_EQ(rewrite("asm volatile(\"index.vvr.f32 %[dst], %[base], 1;\" : "
                    "[dst] \"+r\"(r) : [base] \"r\"(b));"),
            "::xbang::inline_asm::index_vvr<float>((r), (b), 1);");
  // Positional operands and several instructions.
  EXPECT_EQ(rewrite("asm(\"sync; findlast1.gpr.b32 %0, %1;\" : \"=r\"(x) : "
                    "\"r\"(y) : \"memory\");"),
            "((void)::xbang::inline_asm::sync(), "
            "(void)::xbang::inline_asm::findlast1((x), (y)));");
  // A statement right after a directive line (the last token there is no
  // asm label's declarator).
  EXPECT_EQ(rewrite("void f() {\n#if __BANG_ARCH__ >= 372 && X != 520\n"
                    "  __asm__ volatile(\"sync;\");\n#endif\n}"),
            "void f() {\n#if __BANG_ARCH__ >= 372 && X != 520\n"
            "  ::xbang::inline_asm::sync();\n#endif\n}");
  // Inside a #define the line splices stay.
  EXPECT_EQ(rewrite("#define S() \\\n  __asm__ volatile( \\\n\"sync;\")\n"),
            "#define S() \\\n  ::xbang::inline_asm::sync()\\\n\n");
}

// The last-level-cache loads of mlu-ops' fill_llc kernel: `.volatile{...}`
// around a contiguous ld.3d.async is the core's asynchronous copy.
TEST(AsmPass, ContiguousThreeDimensionalLoadIsAnAsyncCopy) {
  EXPECT_EQ(rewrite("__asm__ volatile(\".volatile{ld.3d.async.nram.gdram."
                    "scmlock [%[dst]], [%[src]], %[size], 0, 0, 0, 0, 0, 0, "
                    "0, 0;}\\n\\t\" ::[dst] \"r\"(buf), [src] \"r\"(in), "
                    "[size] \"r\"(n));"),
            "::__memcpy_async((buf), (in), (n), ::GDRAM2NRAM);");
  EXPECT_NE(rewrite("__asm__ volatile(\"ld.3d.async.nram.gdram.scmnormal "
                    "[%[d]], [%[s]], %[n], 64, 0, 2, 0, 0, 0, 0, 0;\" ::[d] "
                    "\"r\"(d), [s] \"r\"(s), [n] \"r\"(n));")
                .find("with strides or segment counts is not emulated"),
            std::string::npos);
  EXPECT_NE(rewrite("__asm__ volatile(\"ld.3d.async.nram.gdram.scmlock "
                    "[%[d]], [%[s]], %[n];\" ::[d] \"r\"(d), [s] \"r\"(s), "
                    "[n] \"r\"(n));")
                .find("takes 11 operands, not 3"),
            std::string::npos);
  EXPECT_NE(rewrite("__asm__ volatile(\"ld.3d.async.nram.gdram.foo [%[d]], "
                    "[%[s]], %[n], 0, 0, 0, 0, 0, 0, 0, 0;\" ::[d] \"r\"(d), "
                    "[s] \"r\"(s), [n] \"r\"(n));")
                .find("'ld.3d.async.nram.gdram.foo' is not emulated"),
            std::string::npos);
}

TEST(AsmPass, UnknownAssemblyStopsTheCompileNamingTheMnemonic) {
  EXPECT_EQ(rewrite("void f() {\n  __asm__ volatile(\"bar.sync.x %[a];\" "
                    "::[a] \"r\"(1));\n}"),
            "void f() {\n  static_assert(false, \"MLU inline assembly "
            "'bar.sync.x' is not emulated by xbang\");\n}");
  EXPECT_NE(rewrite("__asm__ volatile(\"fuse.nram.f32 [%[d]], %[n], [%[s]], "
                    ".max(%[x]);\" ::[d] \"r\"(d), [n] \"r\"(n), [s] "
                    "\"r\"(s), [x] \"r\"(x));")
                .find("static_assert(false, \"'fuse.nram.f32' has a stage "
                      "'.max' xbang does not emulate\")"),
            std::string::npos);
  EXPECT_NE(rewrite("__asm__ volatile(\"findlast1.gpr.b32 %[d], %[s];\" : "
                    "[d] \"=r\"(d));")
                .find("names an operand 's' the statement does not have"),
            std::string::npos);
  // An asm label is not a statement.
  EXPECT_EQ(rewrite("int x asm(\"name\");"), "int x asm(\"name\");");
}

TEST(MluRewrite, OutputStartsWithLineDirectiveNamingTheSource) {
  const auto result = rewrite_mlu_source("int x;\n", "/src/a \"b\".mlu");
  ASSERT_TRUE(result.ok);
  EXPECT_EQ(result.output, "#line 1 \"/src/a \\\"b\\\".mlu\"\nint x;\n");
}

TEST(LaunchPass, MultiLineArgumentsKeepTheirLines) {
  const std::string source =
      "void Wrapper() {\n"
      "  Kernel<<<k_dim, k_type, queue>>>(\n"
      "      (half *)input,  // the input\n"
      "      (float *)((char *)output + offset),\n"
      "      static_cast<int>(n), /* count */ (int)(sizeof(T)));\n"
      "  after();\n"
      "}\n";
  const std::string output = rewrite(source, 1);
  EXPECT_EQ(output,
            "void Wrapper() {\n"
            "  ::xbang::launch(k_dim, k_type, queue, [=]() { Kernel(\n"
            "      (half *)input,  // the input\n"
            "      (float *)((char *)output + offset),\n"
            "      static_cast<int>(n), /* count */ (int)(sizeof(T))); }, "
            "\"Kernel\");\n"
            "  after();\n"
            "}\n");
  const auto in = lines_of(source);
  const auto out = lines_of(output);
  ASSERT_EQ(in.size(), out.size());
  for (size_t line : {0, 2, 3, 5, 6}) EXPECT_EQ(in[line], out[line]);
}

TEST(LaunchPass, LaunchConfigurationSpanningLines) {
  const std::string source =
      "Kernel<float>\n"
      "    <<<k_dim,\n"
      "       k_type, queue>>>\n"
      "    (x);\nnext();\n";
  const std::string output = rewrite(source, 1);
  EXPECT_EQ(lines_of(output).size(), lines_of(source).size());
  EXPECT_EQ(output,
            "::xbang::launch(\n    k_dim,\n       k_type, queue\n    , [=]() "
            "{ Kernel<float>(x); }, \"Kernel<float>\");\nnext();\n");
}

TEST(LaunchPass, DeducedTemplateKernelWithCastArguments) {
  EXPECT_EQ(rewrite("Kernel<<<d, t, q>>>((half *)x, (int32_t)n);"),
            "::xbang::launch(d, t, q, [=]() { Kernel((half *)x, (int32_t)n); "
            "}, \"Kernel\");");
}

TEST(LaunchPass, ExplicitAndQualifiedTemplateKernels) {
  EXPECT_EQ(rewrite("Kernel<float><<<d, t, q>>>(x);"),
            "::xbang::launch(d, t, q, [=]() { Kernel<float>(x); }, "
            "\"Kernel<float>\");");
  EXPECT_EQ(rewrite("ns::Kernel<T, 4><<<d, t, q>>>(x);"),
            "::xbang::launch(d, t, q, [=]() { ns::Kernel<T, 4>(x); }, "
            "\"ns::Kernel<T, 4>\");");
  EXPECT_EQ(rewrite("x = ::a::b::K<<<d, t, q>>>(y);"),
            "x = ::xbang::launch(d, t, q, [=]() { ::a::b::K(y); }, "
            "\"::a::b::K\");");
  EXPECT_EQ(rewrite("return ::K<<<d, t, q>>>(y);"),
            "return ::xbang::launch(d, t, q, [=]() { ::K(y); }, \"::K\");");
  EXPECT_EQ(rewrite("Outer<T>::template K<Foo<int>><<<d, t, q>>>(y);"),
            "::xbang::launch(d, t, q, [=]() { Outer<T>::template "
            "K<Foo<int>>(y); }, \"Outer<T>::template K<Foo<int>>\");");
  // Angle brackets, shifts and arrows inside the template arguments.
  EXPECT_EQ(rewrite("K<(a > b), (c >> 1), N << 2, decltype(p->q)><<<d, t, "
                    "q>>>(y);"),
            "::xbang::launch(d, t, q, [=]() { K<(a > b), (c >> 1), N << 2, "
            "decltype(p->q)>(y); }, \"K<(a > b), (c >> 1), N << 2, "
            "decltype(p->q)>\");");
}

// MegEngine's indexing kernels launch through a function pointer.
TEST(LaunchPass, LaunchThroughAFunctionPointer) {
  EXPECT_EQ(rewrite("(*kptr)<<<dim, type, queue>>>(param);"),
            "::xbang::launch(dim, type, queue, [=]() { (*kptr)(param); }, "
            "\"(*kptr)\");");
  EXPECT_EQ(rewrite("(table[i])<<<d, t, q>>>(x);"),
            "::xbang::launch(d, t, q, [=]() { (table[i])(x); }, "
            "\"(table[i])\");");
  EXPECT_NE(rewrite_error("x = 1; *kptr)<<<d, t, q>>>(y);")
                .find("unbalanced parentheses in the kernel before '<<<'"),
            std::string::npos);
}

TEST(LaunchPass, LaunchInsideMacroCalls) {
  EXPECT_EQ(rewrite("KERNEL_CHECK(Kernel<<<d, t, q>>>(x, n));"),
            "KERNEL_CHECK(::xbang::launch(d, t, q, [=]() { Kernel(x, n); }, "
            "\"Kernel\"));");
  EXPECT_EQ(rewrite("KERNEL_CHECK((Kernel<float, 2><<<d, t, q>>>(x, n)));"),
            "KERNEL_CHECK((::xbang::launch(d, t, q, [=]() { Kernel<float, "
            "2>(x, n); }, \"Kernel<float, 2>\")));");
  EXPECT_EQ(
      rewrite("MLUOP_KERNEL_CHECK(\"[api]\",\n    K<<<d, t, q>>>(\n    a));"),
      "MLUOP_KERNEL_CHECK(\"[api]\",\n    ::xbang::launch(d, t, q, [=]() { "
      "K(\n    a); }, \"K\"));");
}

TEST(LaunchPass, ShiftsInsideTheLaunch) {
  EXPECT_EQ(rewrite("K<<<d, t, q>>>(n >> 1, (m >> 2) << 1, x>>y);"),
            "::xbang::launch(d, t, q, [=]() { K(n >> 1, (m >> 2) << 1, "
            "x>>y); }, \"K\");");
  EXPECT_EQ(rewrite("K<<<dims(n >> 1), t, q>>>(x);"),
            "::xbang::launch(dims(n >> 1), t, q, [=]() { K(x); }, \"K\");");
  EXPECT_EQ(rewrite("K<<<d >> 1, t, q>>>(x);"),
            "::xbang::launch(d >> 1, t, q, [=]() { K(x); }, \"K\");");
  // A template argument closing right before `>>>`: the last three `>` close.
  EXPECT_EQ(rewrite("K<<<d, t, get<Q>>>>(x);"),
            "::xbang::launch(d, t, get<Q>, [=]() { K(x); }, \"K\");");
}

TEST(LaunchPass, CommentsAndLiteralsAreLeftAlone) {
  const std::string source =
      "// K<<<a, b, c>>>(x);\n"
      "/* K<<<a, b, c>>>(x);\n   K<<<\n*/\n"
      "const char *s = \"K<<<a, b, c>>>(x)\";\n"
      "const char *e = \"\\\"K<<<\";\n"
      "const char *r = R\"tag(K<<<a, b, c>>>(x) )\" )tag\";\n"
      "const char *u = u8\"K<<<\";\n"
      "char c = '<'; char d = '\\'';\n"
      "// a spliced comment \\\n K<<<a, b, c>>>(x);\n"
      "int n = 1'000'000 << 2;\n"
      "#error don't K<<<\n";
  EXPECT_EQ(rewrite(source, 0), source);
}

TEST(LaunchPass, LiteralsInsideTheLaunch) {
  EXPECT_EQ(rewrite("K<<<d, t, q>>>(\")\", ')', '(', R\"x()\")x\");"),
            "::xbang::launch(d, t, q, [=]() { K(\")\", ')', '(', "
            "R\"x()\")x\"); }, \"K\");");
}

TEST(DirectivePass, DisabledCodeIsLeftAlone) {
  const std::string source =
      "#if 0\nK<<<unbalanced\n#if X\nK<<<\n#endif\n#else\n"
      "K<<<d, t, q>>>(x);\n#endif\n"
      "  #  if 0 // disabled too\nK<<<\n#elif 1\nK<<<d, t, q>>>(y);\n#endif\n"
      "#if 0 || X\nK<<<d, t, q>>>(z);\n#endif\n";
  const std::string output = rewrite(source, 3);
  EXPECT_NE(output.find("#if X\nK<<<\n#endif"), std::string::npos);
  EXPECT_NE(output.find("[=]() { K(x); }"), std::string::npos);
  EXPECT_NE(output.find("[=]() { K(y); }"), std::string::npos);
  EXPECT_NE(output.find("[=]() { K(z); }"), std::string::npos);
}

// Brace depth follows one arm: a brace opened in each arm of a conditional
// is one scope, so what follows the function is at namespace scope again.
TEST(DirectivePass, BraceDepthFollowsOneArmOfAConditional) {
  const std::string function =
      "__mlu_func__ int f(int a) {\n"
      "#ifdef X\n  if (a) {\n#elif defined(Y)\n  if (a > 1) {\n"
      "#else\n  if (!a) {\n#endif\n    a = 1;\n  }\n  return a;\n}\n";
  EXPECT_EQ(rewrite_without_guards(function + "__nram__ char n[64];\n"),
            function + "namespace { __nram__ char n[64]; }\n");
  // A namespace opened in both arms is closed once.
  const std::string namespaces =
      "#if V2\nnamespace v2 {\n#else\nnamespace v1 {\n#endif\n}\n";
  EXPECT_EQ(rewrite_without_guards(namespaces +
                                   "void g() { __mlu_shared__ char s[4]; }\n"),
            namespaces + "void g() { static __mlu_shared__ char s[4]; }\n");
  // The arms are still rewritten: either may be the one compiled.
  const std::string launches =
      "void h() {\n#ifdef X\n  K<<<d, t, q>>>(1);\n#else\n"
      "  K<<<d, t, q>>>(2);\n#endif\n}\n";
  rewrite(launches, 2);
}

// An arm whose condition is a constant is dead (often not even C++): nothing
// in it is rewritten, and its braces do not count.
TEST(DirectivePass, ConstantFalseArmsAreLeftAlone) {
  for (const std::string condition :
       {"#if false", "#if (0)", "#if 0 && defined(X)", "#if 0 && X > 2"}) {
    const std::string source = condition + "\nK<<<broken\nvoid f() {\n#endif\n";
    EXPECT_EQ(rewrite(source, 0), source) << condition;
  }
  const std::string after_true =
      "#if 1\nK<<<d, t, q>>>(x);\n#elif X\nK<<<\n#else\nK<<<a>>>\n#endif\n"
      "#ifdef X\nK<<<d, t, q>>>(y);\n#elif 0\nK<<<\n#endif\n";
  const std::string output = rewrite(after_true, 2);
  EXPECT_NE(output.find("#elif X\nK<<<\n#else\nK<<<a>>>\n#endif"),
            std::string::npos)
      << output;
  EXPECT_NE(output.find("#elif 0\nK<<<\n#endif"), std::string::npos) << output;
  // In a dead arm, a nested conditional is dead as a whole.
  const std::string nested =
      "#if 0\n#ifdef X\nK<<<\n#else\nK<<<\n#endif\nK<<<\n#endif\n"
      "__nram__ char n[4];\n";
  EXPECT_EQ(rewrite_without_guards(nested),
            "#if 0\n#ifdef X\nK<<<\n#else\nK<<<\n#endif\nK<<<\n#endif\n"
            "namespace { __nram__ char n[4]; }\n");
}

TEST(LaunchPass, LaunchInsideDefineKeepsContinuations) {
  const std::string source =
      "#define LAUNCH(T) \\\n  K<T><<<d, t, q>>>( \\\n      "
      "x)\nLAUNCH(float);\n";
  EXPECT_EQ(rewrite(source, 1),
            "#define LAUNCH(T) \\\n  ::xbang::launch(d, t, q, [=]() { "
            "K<T>( \\\n      x); }, \"K<T>\")\nLAUNCH(float);\n");
}

TEST(LaunchPass, FriendOperatorShiftIsNotALaunch) {
  const std::string source =
      "friend std::ostream &operator<<<>(std::ostream &, const A<T> &);\n";
  EXPECT_EQ(rewrite(source, 0), source);
}

TEST(LaunchPass, SeveralLaunchesOnOneLine) {
  EXPECT_EQ(rewrite("A<<<d, t, q>>>(1); B<<<d, t, q>>>(2);", 2),
            "::xbang::launch(d, t, q, [=]() { A(1); }, \"A\"); "
            "::xbang::launch(d, t, q, [=]() { B(2); }, \"B\");");
}

TEST(MluRewrite, ByteOrderMarkIsDropped) {
  EXPECT_EQ(rewrite("\xEF\xBB\xBFint x;"), "int x;");
}

TEST(LaunchPass, ErrorsNameTheLaunchAndItsPosition) {
  EXPECT_EQ(rewrite_error("void f() {\n  K<<<a, b, c(x);\n}\n"),
            "k.mlu:2:4: error: unbalanced kernel launch: '<<<' of 'K' has no "
            "matching '>>>'");
  EXPECT_EQ(rewrite_error("K<<<a, b, c>>> x;"),
            "k.mlu:1:12: error: expected '(' with the arguments of 'K' after "
            "'>>>'");
  EXPECT_EQ(rewrite_error("K<<<a, b, c>>>(x,\n (y);\n"),
            "k.mlu:1:15: error: unbalanced kernel launch: '(' of the "
            "arguments of 'K' is never closed");
  EXPECT_EQ(rewrite_error("K<<<a, b, c>>>(x];"),
            "k.mlu:1:17: error: mismatched ']' in the arguments of 'K'");
  EXPECT_EQ(rewrite_error("x = <<<a, b, c>>>(x);"),
            "k.mlu:1:5: error: expected a kernel name before '<<<'");
  EXPECT_EQ(rewrite_error("K<<<a, b>>>(x);"),
            "k.mlu:1:2: error: the launch of 'K' needs three parameters "
            "<<<dim, type, queue>>>, found 2");
  EXPECT_EQ(rewrite_error("K<<<>>>(x);"),
            "k.mlu:1:2: error: the launch of 'K' needs three parameters "
            "<<<dim, type, queue>>>, found 0");
  EXPECT_EQ(rewrite_error("K<<<a, b, c, d>>>(x);"),
            "k.mlu:1:2: error: the launch of 'K' needs three parameters "
            "<<<dim, type, queue>>>, found 4");
  EXPECT_EQ(rewrite_error("K<<<a, b, c>>>(x);\nK<<<a, b, c>>>(x\n"),
            "k.mlu:2:15: error: unbalanced kernel launch: '(' of the "
            "arguments of 'K' is never closed");
  EXPECT_EQ(rewrite_error("A<<<a, b, c>>>(x); B<<<a, b\nC<<<a, b, c>>>(y);"),
            "k.mlu:1:21: error: unbalanced kernel launch: '<<<' of 'B' has "
            "no matching '>>>'");
  EXPECT_EQ(rewrite_error("<<<<<<< HEAD\n"),
            "k.mlu:1:1: error: '<<<<<<<' is not a kernel launch (a merge "
            "conflict marker?)");
  EXPECT_EQ(rewrite_error("int a;\n/* open"),
            "k.mlu:2:1: error: unterminated /* comment");
  EXPECT_EQ(rewrite_error("auto s = R\"x(abc"),
            "k.mlu:1:10: error: unterminated raw string literal");
}

// The tool as the build runs it (path from CMake).
class MluRewriteTool : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    base_ = std::string(XBANG_TEST_SCRATCH_DIR) + "/" + info->name();
    input_ = base_ + ".mlu";
    output_ = base_ + "/out/k.mlu.cpp";
    std::remove(output_.c_str());
  }
  int run_tool(const std::string& source,
               const std::vector<std::string>& options = {}) {
    std::ofstream(input_, std::ios::binary) << source;
    std::string command = std::string("\"") + XBANG_MLU_REWRITE_TOOL + "\" \"" +
                          input_ + "\" \"" + output_ + "\"";
    for (const std::string& option : options) command += " \"" + option + "\"";
    command += " 2> \"" + base_ + ".err\"";
    const int status = std::system(command.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  static std::string read(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
  }
  std::string base_, input_, output_;
};

TEST_F(MluRewriteTool, WritesTheRewrittenFileAfterThePreInclude) {
  ASSERT_EQ(run_tool("K<<<d, t, q>>>(x);\n"), 0) << read(base_ + ".err");
  EXPECT_EQ(read(output_),
            "#include <__clang_bang_runtime_wrapper.h>\n"
            "#line 1 \"" +
                input_ +
                "\"\n::xbang::launch(d, t, q, [=]() { K(x); "
                "}, \"K\");\n");
}

TEST_F(MluRewriteTool, UnreadableSourceGivesAnErrorAtItsLine) {
  ASSERT_EQ(run_tool("int ok;\nK<<<d, t, q>>>(x;\n"), 0);
  const std::string message =
      "unbalanced kernel launch: '(' of the arguments of 'K' is never closed";
  EXPECT_EQ(read(base_ + ".err"), input_ + ":2:15: error: " + message + "\n");
  // The file's compile fails there; the rest of its target still builds.
  EXPECT_EQ(read(output_),
            "#line 2 \"" + input_ + "\"\n#error \"" + message + "\"\n");
}

TEST_F(MluRewriteTool, IncludedProjectHeadersAreRewrittenToo) {
  const std::string include_dir = base_ + "_include";
  const std::string headers = base_ + "_headers";
  std::system(("mkdir -p \"" + include_dir + "/sub\"").c_str());
  std::ofstream(include_dir + "/sub/a.h")
      << "#include \"b.h\"\n__nram__ char a[4];\n";
  std::ofstream(include_dir + "/sub/b.h")
      << "inline void b() { __asm__ volatile(\"sync;\"); }\n";
  ASSERT_EQ(run_tool("#include \"sub/a.h\"\n#include \"missing.h\"\n",
                     {"--headers", headers, "-I" + include_dir, "--depfile",
                      output_ + ".d"}),
            0)
      << read(base_ + ".err");
  EXPECT_EQ(read(headers + include_dir + "/sub/a.h"),
            "#line 1 \"" + include_dir +
                "/sub/a.h\"\n#include \"b.h\"\nnamespace { "
                "XBANG_ONCHIP_GUARD_(__nram__) __nram__ __attribute__((used)) "
                "char a[4]; XBANG_ONCHIP_GUARD_(__nram__) }\n");
  EXPECT_EQ(read(headers + include_dir + "/sub/b.h"),
            "#line 1 \"" + include_dir +
                "/sub/b.h\"\ninline void b() { "
                "::xbang::inline_asm::sync(); }\n");
  EXPECT_EQ(read(output_ + ".d"), output_ + ": \\\n  " + input_ + " \\\n  " +
                                      include_dir + "/sub/a.h \\\n  " +
                                      include_dir + "/sub/b.h\n");
}

}  // namespace
