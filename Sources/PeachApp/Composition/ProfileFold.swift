import Dispatch
import PeachCore
import Synchronization

/// Folds a streamed history into the profile's statistics on a second thread while the caller reads it.
/// At launch, reading the log and folding its records into each discipline's statistics take about as long
/// as each other; on two cores the history is ready in about the longer of the two instead of their sum.
/// Records go over in order, in batches, with at most a few batches in flight, so memory stays bounded as
/// when the fold ran inline (the whole history is never held). Folded batches come back to the reading thread
/// to be freed there: freed on the folding thread, every record's memory went back to the reader's malloc
/// arena under its lock, and the two threads contended for it (the read took a quarter longer).
/// Use it from one thread: `add` each record, then `finish()` once.
public final class ProfileFold {
    private static let batchSize = 2048
    private let queue = DispatchQueue(label: "peach.profile-fold")
    private let inFlight = DispatchSemaphore(value: 4)
    private let box = AccumulatorBox()
    private let folded = FoldedBatches()
    private var batch: [TrainingRecord] = []

    public init() { batch.reserveCapacity(Self.batchSize) }

    public func add(_ record: TrainingRecord) {
        batch.append(record)
        if batch.count == Self.batchSize { handOver() }
    }

    /// Everything added, gathered: waits until the second thread has folded the last batch.
    public func finish() -> ProfileAccumulator {
        handOver()
        let accumulator = queue.sync { box.accumulator }
        folded.takeAll()
        return accumulator
    }

    private func handOver() {
        guard !batch.isEmpty else { return }
        let records = batch
        batch = []
        batch.reserveCapacity(Self.batchSize)
        inFlight.wait()
        folded.takeAll()  // freed here, on the reading thread
        queue.async { [box, inFlight, folded] in
            for record in records { box.accumulator.add(record) }
            folded.give(records)
            inFlight.signal()
        }
    }
}

/// The accumulator, touched only on the fold's serial queue (`finish` reads it through `queue.sync`, after
/// every batch): confined, hence safe to send there.
private final class AccumulatorBox: @unchecked Sendable {
    var accumulator = ProfileAccumulator()
}

/// Batches the fold is done with, on their way back to the reading thread to be freed.
private final class FoldedBatches: Sendable {
    private let batches = Mutex<[[TrainingRecord]]>([])

    func give(_ batch: [TrainingRecord]) {
        batches.withLock { $0.append(batch) }
    }

    /// Takes them all; dropping the result frees them on the caller's thread.
    @discardableResult func takeAll() -> [[TrainingRecord]] {
        batches.withLock { batches in
            defer { batches = [] }
            return batches
        }
    }
}
