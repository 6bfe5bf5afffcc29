#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// Per-thread state for the operations that recurse through values:
/// `==`, `hash(into:)`, `description`, JSON decoding and encoding, archiving.
///
/// Two guarantees rest on it:
/// - **No stack overflow.** ``hasStackRoom`` says whether the current thread
///   has at least ``stackReserve`` bytes of stack left, from the thread's own
///   stack bounds; recursive paths check it at every level and throw (or, for
///   `==`, `hash` and `description`, stop with a documented result) instead of
///   overflowing, whatever the nesting limit in force and the thread's stack
///   size (512 KiB on Apple's secondary threads, 8 MiB on Linux).
/// - **Cycles terminate.** The objects (and pairs of objects) whose `==` or
///   `description` is running on this thread are recorded, so that meeting
///   one again is recognised as a cycle; `hash(into:)` counts the objects it
///   is in, and stops at a fixed nesting.
///
/// It also keeps a per-thread copy of the equality plans `==` and
/// `hash(into:)` have used, so that nested models find theirs without taking
/// the shared cache's lock.
package final class RecursionGuard {
    /// Bytes of stack kept free below any recursion step (the deepest
    /// non-recursive call chain from a step, with debug-build frames, fits in it).
    package static let stackReserve = 128 * 1024

    /// The lowest usable stack address of this thread (0 when unknown).
    private let stackLimit: UInt
    /// Pairs of objects being compared by `==` on this thread.
    package var comparing: Set<Pair> = []
    /// How many class instances' `hash(into:)` are running on this thread
    /// (see ``ModelEquality/hashedObjectNesting``).
    package var hashedObjects = 0
    /// Objects being described on this thread.
    package var describing: Set<ObjectIdentifier> = []
    /// The model type whose `==` and `hash(into:)` ``ModelEquality/usesModelEquality(_:)``
    /// is probing on this thread, and whether the probe reached the model defaults.
    package var probing: ObjectIdentifier?
    package var probeReached = false
    /// Equality plans this thread has used, by model type.
    private var plans: [ObjectIdentifier: EqualityPlan] = [:]
    /// The type of the last plan asked for, and that plan: the elements of an array
    /// or dictionary of models ask for the same one in turn, and find it without hashing.
    private var lastType: ObjectIdentifier?
    private var lastPlan: EqualityPlan?

    /// The equality plan of `type`, from this thread's copy or, the first
    /// time, from the shared cache.
    @inline(__always)
    package func plan(of type: any Model.Type) -> EqualityPlan {
        let key = ObjectIdentifier(type)
        if key == lastType, let lastPlan { return lastPlan }
        return plan(forKey: key, of: type)
    }

    @inline(never)
    private func plan(forKey key: ObjectIdentifier, of type: any Model.Type) -> EqualityPlan {
        let found: EqualityPlan
        if let known = plans[key] {
            found = known
        } else {
            found = EqualityPlan.of(type)
            plans[key] = found
        }
        lastType = key
        lastPlan = found
        return found
    }

    /// Two objects being compared.
    package struct Pair: Hashable {
        let lhs: ObjectIdentifier
        let rhs: ObjectIdentifier
        /// The pair of `lhs` and `rhs`, in that order.
        package init(_ lhs: AnyObject, _ rhs: AnyObject) {
            self.lhs = ObjectIdentifier(lhs)
            self.rhs = ObjectIdentifier(rhs)
        }
    }

    private init() {
        stackLimit = Self.currentThreadStackLimit()
    }

    /// This thread's guard.
    package static var current: RecursionGuard {
        if let existing = pthread_getspecific(key) {
            // SAFETY: the key only ever holds a retained `RecursionGuard` of this thread.
            return Unmanaged<RecursionGuard>.fromOpaque(existing).takeUnretainedValue()
        }
        let created = RecursionGuard()
        pthread_setspecific(key, Unmanaged.passRetained(created).toOpaque())
        return created
    }

    /// `true` when this thread has more than ``stackReserve`` bytes of stack left.
    ///
    /// Covered by the exit tests that compare, hash, describe, decode and
    /// encode values nested far deeper than any thread's stack holds.
    @inline(__always)
    package var hasStackRoom: Bool {
        guard stackLimit != 0 else { return true }
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        return here > stackLimit &+ UInt(Self.stackReserve)  // 32-bit: 128 KiB
    }

    /// `true` when the current thread has stack room (see ``hasStackRoom``).
    @inline(__always)
    package static var hasStackRoom: Bool { current.hasStackRoom }

    /// The thread-specific key holding each thread's guard, released with the thread.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Darwin)
        pthread_key_create(&key) { Unmanaged<RecursionGuard>.fromOpaque($0).release() }
        #else
        pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<RecursionGuard>.fromOpaque(pointer).release()
        }
        #endif
        return key
    }()

    /// The lowest address of the current thread's stack, or 0 if unknown.
    private static func currentThreadStackLimit() -> UInt {
        #if canImport(Darwin)
        let top = UInt(bitPattern: pthread_get_stackaddr_np(pthread_self()))
        let size = UInt(pthread_get_stacksize_np(pthread_self()))  // 32-bit: a size_t, as wide as UInt
        return top > size ? top - size : 0
        #elseif canImport(Glibc) || canImport(Musl)
        // `pthread_getattr_np` is a GNU extension the Glibc module does not
        // import; it is looked up by name with its C signature.
        typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else { return 0 }
        // SAFETY: the symbol is glibc's and musl's `int pthread_getattr_np(pthread_t, pthread_attr_t *)`,
        // whose C signature `GetAttributes` spells out.
        let getAttributes = unsafeBitCast(symbol, to: GetAttributes.self)
        var attributes = pthread_attr_t()
        guard getAttributes(pthread_self(), &attributes) == 0 else { return 0 }
        defer { pthread_attr_destroy(&attributes) }
        var address: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return 0 }
        // The guard page(s) lie inside the reported range on glibc.
        var guardSize = 0
        pthread_attr_getguardsize(&attributes, &guardSize)
        return UInt(bitPattern: address) + UInt(guardSize)  // 32-bit: a size, not negative
        #else
        return 0
        #endif
    }
}
