assert !new File(basedir, 'target/generated-sources/amdisa/it').exists()
assert new File(basedir, 'build.log').text.contains('amdisa: generation skipped')
return true
