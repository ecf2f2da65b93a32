package io.github.amdisa.generator.pcode.lower;

import com.palantir.javapoet.JavaFile;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/** Compiles generated files in memory against the test class path and loads them. */
final class InMemoryCompiler {

    private InMemoryCompiler() {
    }

    static ClassLoader compile(List<JavaFile> files) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Map<String, ByteArrayOutputStream> classes = new HashMap<>();
        StandardJavaFileManager std = javac.getStandardFileManager(diagnostics, null, null);
        ForwardingJavaFileManager<StandardJavaFileManager> fm = new ForwardingJavaFileManager<>(std) {
            @Override
            public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind,
                    FileObject sibling) {
                return new SimpleJavaFileObject(URI.create("mem:///" + className.replace('.', '/') + ".class"),
                        kind) {
                    @Override
                    public OutputStream openOutputStream() {
                        ByteArrayOutputStream out = new ByteArrayOutputStream();
                        classes.put(className, out);
                        return out;
                    }
                };
            }
        };
        List<JavaFileObject> sources = new ArrayList<>();
        for (JavaFile f : files) {
            sources.add(f.toJavaFileObject());
        }
        List<String> options = List.of("-classpath", System.getProperty("java.class.path"), "-nowarn",
                "-proc:none", "-g:none");
        boolean ok = javac.getTask(null, fm, diagnostics, options, null, sources).call();
        if (!ok) {
            StringBuilder sb = new StringBuilder();
            int n = 0;
            for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                if (d.getKind() == Diagnostic.Kind.ERROR && n++ < 30) {
                    sb.append(d.getSource() == null ? "" : d.getSource().getName()).append(':')
                            .append(d.getLineNumber()).append(": ").append(d.getMessage(null)).append('\n');
                    try {
                        String src = d.getSource().getCharContent(true).toString();
                        sb.append("    ").append(src.lines().skip(d.getLineNumber() - 1).findFirst().orElse(""))
                                .append('\n');
                    } catch (java.io.IOException ignored) {
                        // message only
                    }
                }
            }
            throw new AssertionError("generated code does not compile (" + n + " errors):\n" + sb);
        }
        return new ClassLoader(InMemoryCompiler.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                ByteArrayOutputStream b = classes.get(name);
                if (b == null) {
                    throw new ClassNotFoundException(name);
                }
                byte[] bytes = b.toByteArray();
                return defineClass(name, bytes, 0, bytes.length);
            }
        };
    }
}
