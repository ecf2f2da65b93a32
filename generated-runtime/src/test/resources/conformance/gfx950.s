// Assembly cases for gfx950, checked against llvm-mc-22 at test time (LlvmConformanceTest). One statement per line.
v_bfe_i32 v5, v1, v2, s3
v_bfe_i32 v5, -1, 0x12345, v255
v_bfe_i32 v5, v1, v2 // too few operands: both reject
