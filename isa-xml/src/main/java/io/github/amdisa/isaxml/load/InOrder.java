package io.github.amdisa.isaxml.load;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs one task per input on the available cores and returns the results in input order. Both the spec loader
 * (one file per task) and the generator (one spec per task) use it. When several tasks fail, the failure of the
 * first failing input in list order is thrown, so the error a user sees does not depend on thread timing.
 */
public final class InOrder {

    /**
     * One task.
     *
     * @param <I> its input
     * @param <O> its result
     */
    @FunctionalInterface
    public interface Task<I, O> {
        /**
         * Runs the task on one input.
         *
         * @param input the input
         * @return the result
         * @throws Exception whatever the task throws; {@link #map} rethrows it unchanged
         */
        O run(I input) throws Exception;
    }

    private InOrder() {
    }

    /**
     * Runs {@code task} on every input, on at most one daemon thread per core (on the calling thread when one
     * suffices), and returns the results in input order.
     *
     * @param inputs the inputs
     * @param threadName the name of the worker threads
     * @param task the task
     * @param <I> the input type
     * @param <O> the result type
     * @return the results, one per input, in input order
     * @throws Exception the exception of the first failing input in list order, as the task threw it;
     *         {@link InterruptedException} (with the interrupt flag set again) if the caller is interrupted
     */
    public static <I, O> List<O> map(List<I> inputs, String threadName, Task<I, O> task) throws Exception {
        List<O> out = new ArrayList<>(inputs.size());
        int threads = Math.min(inputs.size(), Runtime.getRuntime().availableProcessors());
        if (threads <= 1) {
            for (I input : inputs) {
                out.add(task.run(input));
            }
            return out;
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<O>> futures = new ArrayList<>(inputs.size());
            for (I input : inputs) {
                futures.add(pool.submit(() -> task.run(input)));
            }
            for (Future<O> f : futures) {
                try {
                    out.add(f.get());
                } catch (ExecutionException e) {
                    Throwable c = e.getCause();
                    if (c instanceof Exception ex) {
                        throw ex;
                    }
                    if (c instanceof Error err) {
                        throw err;
                    }
                    throw new IllegalStateException(c);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }
}
