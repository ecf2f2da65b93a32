// First build: the codec classes of RDNA 2 in the test-sources folder (generate-test), nothing in the main one.
// Second build, only the interpreter: the codec classes are no longer produced, so they were deleted.
def testOut = new File(basedir, 'target/generated-test-sources/amdisa/it/subset/rdna2')
assert !new File(basedir, 'target/generated-sources/amdisa').exists()
assert !new File(testOut, 'Rdna2Decoder.java').exists()
assert !new File(testOut, 'Rdna2Isa.java').exists()
def log = new File(basedir, 'build.log').text
assert log.contains('amdisa: AMD RDNA 2 -> it.subset.rdna2')
def first = log =~ /amdisa: (\d+) files written, 0 unchanged, 0 deleted/
assert first.find()
def n = first.group(1) as int
assert n > 10
def second = log =~ /amdisa: \d+ files written, 0 unchanged, (\d+) deleted/
assert second.find() && second.find()
assert (second.group(1) as int) == n : "the second build deletes the ${n} codec files"
return true
