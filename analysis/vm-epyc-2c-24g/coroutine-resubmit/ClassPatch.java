import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeTransform;
import java.lang.classfile.MethodTransform;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The code of one method of a JDK's class, rewritten with the class-file API of the JDK running this: the helper of
 * Resubmit.java and NoUserHelp.java (java finds it beside them, JDK 22 or later).
 */
final class ClassPatch {

    private ClassPatch() {
    }

    /** IN's class with the code of its methods named METHOD transformed; the caller checks what was rewritten. */
    static byte[] rewrite(Path in, String method, CodeTransform code) throws IOException {
        byte[] bytes = Files.readAllBytes(in);
        // A class of a newer JDK than the one running this is read at this JDK's version and written back at its own.
        int major = ((bytes[6] & 0xff) << 8) | (bytes[7] & 0xff);
        setMajor(bytes, Math.min(major, ClassFile.latestMajorVersion()));
        var cf = ClassFile.of();
        byte[] out = cf.transformClass(cf.parse(bytes), ClassTransform.transformingMethods(
                m -> m.methodName().equalsString(method), MethodTransform.transformingCode(code)));
        setMajor(out, major);
        return out;
    }

    static void write(Path target, byte[] bytes) throws IOException {
        Files.createDirectories(target.toAbsolutePath().getParent());
        Files.write(target, bytes);
    }

    private static void setMajor(byte[] classFile, int major) {
        classFile[6] = (byte) (major >> 8);
        classFile[7] = (byte) major;
    }
}
