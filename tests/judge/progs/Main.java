// Main.java -- the contestant of correct.c in Java, for HDU 1426: a program on a virtual machine
// that the sandboxed judge must still run (`ojdoku judge ... -- java -cp DIR Main`, issue #45):
// the JVM from the system, its class file in a directory the judge is told to show.
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

public class Main {
    static boolean solve(int[] g) {
        int best = -1;
        List<Integer> bestOpts = null;
        for (int i = 0; i < 81; i++) {
            if (g[i] != 0)
                continue;
            int r = i / 9, c = i % 9, b = r / 3 * 27 + c / 3 * 3;
            boolean[] used = new boolean[10];
            for (int k = 0; k < 9; k++) {
                used[g[r * 9 + k]] = true;
                used[g[k * 9 + c]] = true;
                used[g[b + k / 3 * 9 + k % 3]] = true;
            }
            List<Integer> opts = new ArrayList<>();
            for (int v = 1; v <= 9; v++)
                if (!used[v])
                    opts.add(v);
            if (bestOpts == null || opts.size() < bestOpts.size()) {
                best = i;
                bestOpts = opts;
            }
        }
        if (best < 0)
            return true;
        for (int v : bestOpts) {
            g[best] = v;
            if (solve(g))
                return true;
        }
        g[best] = 0;
        return false;
    }

    public static void main(String[] args) throws IOException {
        byte[] in = System.in.readAllBytes();
        List<Integer> cells = new ArrayList<>();
        for (byte ch : in)
            if (!Character.isWhitespace(ch))
                cells.add(ch == '?' ? 0 : ch - '0');
        StringBuilder out = new StringBuilder();
        for (int start = 0; start + 81 <= cells.size(); start += 81) {
            int[] g = new int[81];
            for (int i = 0; i < 81; i++)
                g[i] = cells.get(start + i);
            solve(g);
            if (start > 0)
                out.append('\n');
            for (int r = 0; r < 9; r++)
                for (int c = 0; c < 9; c++)
                    out.append(g[r * 9 + c]).append(c == 8 ? '\n' : ' ');
        }
        System.out.print(out);
    }
}
