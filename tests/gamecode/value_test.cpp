// Values (reference §3.4): PHP truthiness and loose comparison, insertion-ordered arrays with
// numeric and string keys, shared (reference-counted) strings and arrays, the hash map.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "gamecode/shim.h"

using gctest::show;

TEST(GcValue, Truthiness) {
  GcValue vals[] = {gc_null(),  gc_bool(0), gc_num(0),   gc_str(""),    gc_str("0"),    gc_arr_new(),
                    gc_bool(1), gc_num(-1), gc_str("@"), gc_str("0.0"), gc_str("false")};
  const int expected[] = {0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1};
  for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++) {
    EXPECT_EQ(gc_truthy(&vals[i]), expected[i]) << i;
    gc_release(&vals[i]);
  }
}

TEST(GcValue, LooseComparison) {
  GcValue one = gc_num(1), s1 = gc_str("1"), s10 = gc_str("10"), s9 = gc_str("9"), a = gc_str("a"), t = gc_bool(1),
          n = gc_null(), e = gc_str("");
  EXPECT_TRUE(gc_loose_equal(&one, &s1));
  EXPECT_LT(gc_compare(&s9, &s10), 0); // numeric strings compare as numbers
  EXPECT_GT(gc_compare(&a, &s10), 0);  // otherwise as strings
  EXPECT_TRUE(gc_loose_equal(&t, &a)); // booleans compare by truthiness
  EXPECT_TRUE(gc_loose_equal(&n, &e));
  EXPECT_FALSE(gc_loose_equal(&one, &a));
  GcValue *all[] = {&one, &s1, &s10, &s9, &a, &t, &n, &e};
  for (GcValue *v : all) gc_release(v);
}

TEST(GcValue, ArraysKeepInsertionOrderAndNormaliseKeys) {
  GcValue arr = gc_arr_new();
  GcValue k1 = gc_str("e4"), k2 = gc_str("5"), k3 = gc_num(5);
  gc_arr_set(&arr, &k1, gc_str("P"));
  gc_arr_push(&arr, gc_str("x"));        // key 0
  gc_arr_set(&arr, &k2, gc_str("five")); // "5" is the numeric key 5
  gc_arr_push(&arr, gc_str("y"));        // key 6, after the largest numeric key
  gc_arr_set(&arr, &k3, gc_str("FIVE")); // same key as "5": replaced in place
  EXPECT_EQ(show(arr), "[e4=P,x,FIVE,y]");
  EXPECT_EQ(show(*gc_arr_get(&arr, &k2)), "FIVE");
  GcValue six = gc_num(6);
  EXPECT_EQ(show(*gc_arr_get(&arr, &six)), "y");
  // copies share the array until one of them changes (copy on write)
  GcValue copy = gc_copy(&arr);
  gc_arr_push(&copy, gc_str("z"));
  EXPECT_EQ(gc_arr_len(&arr), 4u);
  EXPECT_EQ(gc_arr_len(&copy), 5u);
  GcValue *all[] = {&arr, &copy, &k1, &k2, &k3, &six};
  for (GcValue *v : all) gc_release(v);
}

TEST(GcValue, StringsAreSharedAndNumbersPrintAsPhpDoes) {
  GcValue s = gc_str("rook"), c = gc_copy(&s);
  EXPECT_EQ(s.u.s, c.u.s); // the text is shared
  gc_release(&s);
  EXPECT_STREQ(c.u.s, "rook");
  gc_release(&c);
  char buf[64];
  GcValue a = gc_num(7), b = gc_num(3.5);
  EXPECT_STREQ(gc_to_str(&a, buf, sizeof buf), "7");
  EXPECT_STREQ(gc_to_str(&b, buf, sizeof buf), "3.5");
  GcValue big = gc_num(1e300);
  EXPECT_EQ(gc_to_int(&big), 1000000000);
  EXPECT_EQ(gc_to_ll(&big), 1000000000000000LL);
}

// Numbers are written as printf's "%.0f" writes whole numbers below 1e15, else "%.14g".
TEST(GcValue, NumbersWrittenAsPrintfWouldWriteThem) {
  const double nums[] = {0, -0.0, 7, -12, 10, 999999999999999, -999999999999999, 1e15, 2.5, -0.25, 1e300};
  for (double d : nums) {
    char want[64], buf[64];
    if (d == floor(d) && fabs(d) < 1e15)
      snprintf(want, sizeof want, "%.0f", d);
    else
      snprintf(want, sizeof want, "%.14g", d);
    GcValue v = gc_num(d);
    EXPECT_STREQ(gc_to_str(&v, buf, sizeof buf), want) << d;
  }
}

TEST(GcValue, MapPutGetDeleteAndCopy) {
  GcMap m = {};
  for (int i = 0; i < 1000; i++) gc_map_put(&m, ("k" + std::to_string(i)).c_str(), gc_num(i));
  EXPECT_EQ(m.count, 1000u);
  for (int i = 0; i < 1000; i += 2) EXPECT_TRUE(gc_map_del(&m, ("k" + std::to_string(i)).c_str()));
  EXPECT_EQ(m.count, 500u);
  EXPECT_EQ(gc_map_get(&m, "k2"), nullptr);
  ASSERT_NE(gc_map_get(&m, "k3"), nullptr);
  EXPECT_EQ(show(*gc_map_get(&m, "k3")), "3");
  GcMap c = {};
  gc_map_copy(&c, &m);
  gc_map_put(&m, "k3", gc_str("changed"));
  EXPECT_EQ(show(*gc_map_get(&c, "k3")), "3"); // the copy is independent
  EXPECT_EQ(c.count, 500u);
  gc_map_free(&m);
  gc_map_free(&c);
}
