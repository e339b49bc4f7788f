package dev.loadout.testkit.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The multi-process harness: real JVMs, scripted steps, observations, failures and a kill. */
@Timeout(120)
class ProcessGroupTest {
  @TempDir
  Path folder;

  @Test
  void everyProcessRunsTheStepsItIsSentAndKnowsItsPlace() {
    try (ProcessGroup group = ProcessGroup.builder(EchoWorker.class).processes(3).environment("ECHO_GROUP", "g7").start()) {
      assertThat(group.runAll("whoami")).extracting(StepResult::value).containsExactly("0/3/g7", "1/3/g7", "2/3/g7");
      assertThat(group.process(1).run("echo", "a\tb", "line\nbreak", "back\\slash", "").values())
          .containsExactly("a\tb", "line\nbreak", "back\\slash", "");
      assertThat(group.processes()).extracting(WorkerProcess::pid).doesNotHaveDuplicates()
          .doesNotContain(ProcessHandle.current().pid());
    }
  }

  @Test
  void processesShareWhatTheyWriteOutsideTheirOwnMemory() throws Exception {
    Path shared = folder.resolve("shared.txt");
    try (ProcessGroup group = ProcessGroup.builder(EchoWorker.class).processes(3).start()) {
      group.runAll("append", shared.toString());
      group.runAll("append", shared.toString());
    }
    assertThat(Files.readAllLines(shared)).hasSize(6).containsOnly("0", "1", "2");
  }

  @Test
  void observationsFromAnyThreadReachTheTestWithTheirValuesIntact() {
    try (ProcessGroup group = ProcessGroup.builder(EchoWorker.class).processes(2).start()) {
      group.runAll("observeLater");
      List<Observation> seen = group.awaitAll("later", o -> true);
      assertThat(seen).extracting(o -> o.value(0)).containsOnly("from\ta\nthread");
      assertThat(seen).extracting(o -> o.value(1)).containsExactly("0", "1");
      assertThat(seen).extracting(Observation::process).containsExactly(0, 1);
      assertThat(seen.get(0).at()).isBefore(java.time.Instant.now().plusSeconds(1));
    }
  }

  @Test
  void aFailedStepFailsTheTestWithTheWorkersMessageAndTheProcessGoesOn() {
    try (ProcessGroup group = ProcessGroup.builder(EchoWorker.class).processes(1).start()) {
      assertThatThrownBy(() -> group.process(0).run("fail", "reason-42"))
          .isInstanceOf(AssertionError.class)
          .hasMessageContaining("failed step [fail]")
          .hasMessageContaining("IllegalArgumentException: asked to fail with reason-42");
      assertThat(group.process(0).run("echo", "still here").value()).isEqualTo("still here");
    }
  }

  @Test
  void aWorkerThatCannotStartFailsTheGroupWithItsReason() {
    assertThatThrownBy(() -> ProcessGroup.builder(EchoWorker.class).processes(2).environment("ECHO_FAIL_START", "1").start())
        .isInstanceOf(AssertionError.class).hasMessageContaining("failed to start").hasMessageContaining("told not to start");
  }

  @Test
  void stepsRunConcurrentlyAndAKilledProcessFailsWhatItWasDoing() {
    try (ProcessGroup group = ProcessGroup.builder(EchoWorker.class).processes(2).start()) {
      CompletableFuture<StepResult> held = group.process(0).start("hold");
      group.process(0).await("holding", o -> true);
      group.process(0).run("release");
      assertThat(held.join().value()).isEqualTo("released");

      CompletableFuture<StepResult> doomed = group.process(1).start("hold");
      group.process(1).await("holding", o -> true);
      group.process(1).kill();
      assertThat(group.process(1).isAlive()).isFalse();
      assertThatThrownBy(doomed::join).hasCauseInstanceOf(AssertionError.class).hasMessageContaining("ended");
      assertThat(group.process(0).run("echo", "survivor").value()).isEqualTo("survivor");
    }
  }

  @Test
  void strayOutputOfAWorkerIsKeptAsItsStandardErrorNotTakenForTheProtocol() {
    try (ProcessGroup group = ProcessGroup.builder(EchoWorker.class).processes(1).start()) {
      group.process(0).run("echo", "x");
      assertThat(group.process(0).stderr()).contains("stray output goes to standard error");
    }
  }
}
