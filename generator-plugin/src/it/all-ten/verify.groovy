// Every generation gets its package with the codec classes; the log names all ten.
def root = new File(basedir, 'target/generated-sources/amdisa/it/all')
def expected = ['cdna1': 'Cdna1', 'cdna2': 'Cdna2', 'cdna3': 'Cdna3', 'cdna4': 'Cdna4', 'cdna5': 'Cdna5',
                'rdna1': 'Rdna1', 'rdna2': 'Rdna2', 'rdna3': 'Rdna3', 'rdna3_5': 'Rdna3_5', 'rdna4': 'Rdna4']
expected.each { pkg, prefix ->
    assert new File(root, "${pkg}/${prefix}Isa.java").isFile() : pkg
    assert new File(root, "${pkg}/${prefix}Decoder.java").isFile() : pkg
    assert new File(root, "${pkg}/Instruction.java").isFile() : pkg
}
assert root.list().sort() == expected.keySet().sort()
def log = new File(basedir, 'build.log').text
['CDNA 1', 'CDNA 2', 'CDNA 3', 'CDNA 4', 'CDNA 5', 'RDNA 1', 'RDNA 2', 'RDNA 3', 'RDNA 3.5', 'RDNA 4'].each {
    assert log.contains("amdisa: AMD ${it} -> it.all.") : it
}
def m = log =~ /amdisa: (\d+) files written, 0 unchanged, 0 deleted, \d+ warnings in (\d+) ms/
assert m.find()
println "all-ten: ${m.group(1)} files generated in ${m.group(2)} ms"
return true
