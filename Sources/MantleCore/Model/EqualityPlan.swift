import Foundation
import MantleInternals

/// How `==` and `hash(into:)` walk the permanent properties of one model
/// type, in place: built once per type from its descriptor, then shared.
///
/// A property becomes one step, chosen from its declared type:
/// - integers and `Bool` compare by their bytes, and neighbours in memory
///   form one run (exact: each value has one representation, no padding
///   inside a run);
/// - `String`, `String?`, `Double`, `URL?` and `Date?` compare with their
///   own `==`, called directly; an `[Int]` compares its count, then its
///   elements' bytes, in its storage object (``ArrayStorage``);
/// - a struct model, and an optional, an array or a dictionary of struct
///   models, are compared field by field where they are stored, through the
///   nested type's own plan, with no copy and no `RecursionGuard` look-up per
///   model (an array's count and elements are read in its storage object, see
///   ``ArrayStorage``, a dictionary's entries in its own, see
///   ``DictionaryStorage``; an array of models whose same bits mean equal
///   values is first compared as bytes, see `sameBitsStride`);
/// - everything else goes through its ``PropertyAccessor`` (the type's own
///   `==`, or the reflective rule).
///
/// A struct model is walked in place only when its `==` and `hash(into:)` are
/// the model defaults (``ModelEquality/usesModelEquality(_:)``): a type with its own keeps them.
/// Class models always go through their accessor, which keeps the cycle rule
/// of ``ModelEquality``. The result is the same as comparing each property
/// with its own `==` (what the steps replace), and each step hashes exactly
/// what it compares (the bytes of a run, the value otherwise), so models that
/// are `==` hash alike.
package final class EqualityPlan: @unchecked Sendable {
    /// One step of the walk. Steps refer to plans and accessors without
    /// retaining them: walking a model costs no reference counting.
    fileprivate enum Step {
        /// Bytes `[offset, offset + count)` compare and hash as bytes.
        case bytes(offset: Int, count: Int)
        /// A `String` at `offset`.
        case string(offset: Int)
        /// A `String?` at `offset`.
        case optionalString(offset: Int)
        /// A `Double` at `offset`.
        case double(offset: Int)
        /// An `[Int]` at `offset`, read in its storage object
        /// (``ArrayStorage``), whose elements start `elementsOffset` bytes in.
        case integers(offset: Int, elementsOffset: Int)
        /// A `URL?` at `offset`.
        case optionalURL(offset: Int)
        /// A `Date?` at `offset`.
        case optionalDate(offset: Int)
        /// A struct model stored at `offset`, walked with its plan.
        case model(offset: Int, PlanReference)
        /// An optional or an array of struct models at `offset`, walked by
        /// `container` with the element's plan.
        case models(offset: Int, PlanReference, any InPlaceModelContainer.Type)
        /// An array of struct models at `offset`, read in its storage object
        /// (``ArrayStorage``), whose elements start `elementsOffset` bytes in.
        case array(offset: Int, PlanReference, elementsOffset: Int)
        /// Any other property, through its accessor.
        case property(AccessorReference)
    }

    /// A plan that a step holds without retaining it.
    ///
    /// SAFETY: the plan outlives every plan whose steps hold it: the plans
    /// built together are retained by the first of them (``members``), and
    /// plans taken from the cache stay there for the process's lifetime.
    /// `EqualityPlanTests` compares and hashes through nested plans that only
    /// their root's `members` retain (ASan runs them in CI).
    /// `use` lends the plan to its closure as a guaranteed reference, so that
    /// calling into it costs no retain and release either.
    fileprivate struct PlanReference {
        private let reference: Unmanaged<EqualityPlan>

        init(plan: EqualityPlan) {
            reference = .passUnretained(plan)
        }

        @inline(__always)
        func use<Result>(_ body: (EqualityPlan) -> Result) -> Result {
            reference._withUnsafeGuaranteedRef(body)
        }
    }

    /// An accessor that a step holds without retaining it.
    ///
    /// SAFETY: the accessor belongs to the plan's ``descriptor``, which the
    /// plan retains for its lifetime.
    fileprivate struct AccessorReference {
        unowned(unsafe) let accessor: any PropertyAccessor
    }

    /// The descriptor of the model type.
    package let descriptor: ModelDescriptor
    /// The distance between two models of the type in an array.
    private let modelStride: Int
    /// The steps, set once while the plan is built (before it is published).
    /// A buffer the plan owns rather than an array, so that walking the steps
    /// retains nothing. Steps are trivial values (no references counted).
    private var steps = UnsafeMutableBufferPointer<Step>(start: nil, count: 0)
    /// The size of the model when the same bits show two instances equal,
    /// else 0: every step compares values whose same bits are the same value
    /// (integers, `Bool`, `String`, `String?`, `[Int]`; not `Double`, whose NaN
    /// is unequal to itself), and the steps cover every byte of the model (no
    /// padding, whose unspecified bits would make equal arrays look unlike).
    /// Two arrays of such models with the same bits are then equal without
    /// their steps being walked (`Area { areaId, blockIds }` with empty
    /// `blockIds`); different bits decide nothing, and the steps are walked,
    /// unless ``bitsDecide``.
    private(set) var sameBitsStride = 0
    /// `true` when the plan is one run of bytes covering all of the model
    /// (`Price { amount, id, count }`), so that different bits show instances
    /// unequal as well: then an array of them compares and hashes as one run
    /// of bytes.
    private(set) var bitsDecide = false
    /// The plans built with this one, when it is the first of a build: the
    /// owners of the plans its steps (and theirs) refer to.
    private var members: [EqualityPlan] = []

    private init(descriptor: ModelDescriptor, modelStride: Int) {
        self.descriptor = descriptor
        self.modelStride = modelStride
    }

    deinit {
        steps.deallocate()
    }

    /// `true` when the permanent properties at two storage addresses of the
    /// model type are equal (see the type's rules).
    package func isEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, _ state: RecursionGuard) -> Bool {
        elementsEqual(lhs, rhs, count: 1, stride: 0, state)
    }

    /// Hashes the permanent properties at a storage address of the model type.
    package func hash(at base: UnsafeRawPointer, into hasher: inout Hasher, _ state: RecursionGuard) {
        hashElements(at: base, count: 1, stride: 0, into: &hasher, state)
    }

    /// How many bytes of elements a walk over an array visits step by step
    /// before it moves on: small enough to stay in the first-level cache.
    private static let blockBytes = 4096

    /// How many elements stored `stride` bytes apart make a block of about
    /// ``blockBytes``: the unit an array of models is walked in.
    ///
    /// An array is walked a block at a time, and each block step by step: the
    /// first step for every element of the block, then the next. A step's kind
    /// is then decided once per block rather than once per element, which is
    /// most of the cost of a small model (`Area { areaId, blockIds }`). The
    /// result is the same as element by element: `==` is the conjunction of
    /// every step on every element, and the hash feeds the same values in an
    /// order that depends only on the array's type and count, so equal arrays
    /// hash alike. One model (`count` 1) is walked with the constant range
    /// `0..<1`, which the inlined step folds away.
    private static func blockLength(stride: Int) -> Int {
        stride > blockBytes ? 1 : blockBytes / Swift.max(stride, 1)
    }

    /// `true` when `count` models stored `stride` bytes apart from two
    /// addresses are equal pairwise: the elements of two arrays, or one model
    /// each (`count` 1).
    fileprivate func elementsEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, count: Int, stride: Int,
                                   _ state: RecursionGuard) -> Bool {
        if sameBitsStride > 0, stride == sameBitsStride {
            // SAFETY: both addresses start `count` elements of `sameBitsStride` bytes each,
            // stored without padding (`sameBitsStride` is the stride and the steps cover
            // every byte); when `bitsDecide`, the bytes compare as the plan's single run
            // would, element by element.
            if memcmp(lhs, rhs, count &* stride) == 0 { return true }
            if bitsDecide { return false }
        }
        if count == 1 {
            for step in steps {
                guard isEqual(step, lhs, rhs, 0..<1, stride: 0, state) else { return false }
            }
            return true
        }
        let length = Self.blockLength(stride: stride)
        var start = 0
        while start < count {
            let end = count - start > length ? start + length : count
            defer { start = end }
            let elements = start..<end
            for step in steps {
                guard isEqual(step, lhs, rhs, elements, stride: stride, state) else { return false }
            }
        }
        return true
    }

    /// `true` when a step finds the elements in `elements` of two arrays of
    /// models stored `stride` bytes apart equal.
    // A call per step would cost a small model more than its steps do, so
    // both uses are inlined (one of them with the constant range `0..<1`).
    // Compilers before Swift 6.3 do not know `@inline(always)` and get the hint.
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    private func isEqual(_ step: Step, _ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, _ elements: Range<Int>,
                         stride: Int, _ state: RecursionGuard) -> Bool {
        switch step {
        case .bytes(let offset, let length) where length == MemoryLayout<UInt64>.size:
            for index in elements {
                let at = index &* stride &+ offset
                // SAFETY: as in `equalBytes`, for a run of one word.
                guard lhs.loadUnaligned(fromByteOffset: at, as: UInt64.self)
                        == rhs.loadUnaligned(fromByteOffset: at, as: UInt64.self) else { return false }
            }
        case .bytes(let offset, let length):
            for index in elements {
                let at = index &* stride &+ offset
                guard Self.equalBytes(lhs + at, rhs + at, length) else { return false }
            }
        case .string(let offset):
            return Self.allEqual(String.self, lhs, rhs, elements, stride: stride, offset: offset)
        case .optionalString(let offset):
            return Self.allEqual(String?.self, lhs, rhs, elements, stride: stride, offset: offset)
        case .double(let offset):
            return Self.allEqual(Double.self, lhs, rhs, elements, stride: stride, offset: offset)
        case .optionalURL(let offset):
            return Self.allEqual(URL?.self, lhs, rhs, elements, stride: stride, offset: offset)
        case .optionalDate(let offset):
            return Self.allEqual(Date?.self, lhs, rhs, elements, stride: stride, offset: offset)
        case .integers(let offset, let elementsOffset):
            for index in elements {
                let at = index &* stride &+ offset
                // SAFETY: the step was chosen for a stored `[Int]`, whose layout
                // `ArrayStorage.elementsOffset` checked; each storage object holds `count`
                // elements of `Int`'s stride from `elementsOffset`, and an `Int` has one
                // representation per value, so equal bytes are equal elements.
                guard ArrayStorage.elementsEqual(lhs + at, rhs + at, elementsOffset: elementsOffset, body: { left, right, count in
                    // 32-bit: the product is the size of elements held in memory, which fits in `Int`.
                    memcmp(left, right, count &* MemoryLayout<Int>.stride) == 0
                }) else { return false }
            }
        case .model(let offset, let nested):
            let at = elements.lowerBound &* stride &+ offset
            return nested.use { $0.elementsEqual(lhs + at, rhs + at, count: elements.count, stride: stride, state) }
        case .models(let offset, let nested, let container):
            guard state.hasStackRoom else { return false }
            return nested.use { plan in
                for index in elements {
                    let at = index &* stride &+ offset
                    guard container.elementsEqual(lhs + at, rhs + at, plan, state) else { return false }
                }
                return true
            }
        case .array(let offset, let nested, let elementsOffset):
            guard state.hasStackRoom else { return false }
            return nested.use { plan in
                for index in elements {
                    let at = index &* stride &+ offset
                    guard plan.arraysEqual(lhs + at, rhs + at, elementsOffset: elementsOffset, state) else { return false }
                }
                return true
            }
        case .property(let property):
            for index in elements {
                let at = index &* stride
                guard property.accessor.isEqual(lhs + at, rhs + at) else { return false }
            }
        }
        return true
    }

    /// `true` when the arrays of this plan's models stored at two addresses
    /// hold equal elements: the same storage, or the same count and each
    /// element equal (`Array`'s own `==`, read in the storage objects).
    @inline(__always)
    private func arraysEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, elementsOffset: Int,
                             _ state: RecursionGuard) -> Bool {
        // SAFETY: the step was chosen for a stored array of this plan's model type, whose
        // layout `ArrayStorage.elementsOffset` checked; the elements are read where the
        // storage keeps them, `modelStride` apart.
        ArrayStorage.elementsEqual(lhs, rhs, elementsOffset: elementsOffset) { left, right, count in
            elementsEqual(left, right, count: count, stride: modelStride, state)
        }
    }

    /// Hashes the array of this plan's models stored at an address: its
    /// count, then each element (as `Array.hashElements` does).
    @inline(__always)
    private func hashArray(at base: UnsafeRawPointer, elementsOffset: Int, into hasher: inout Hasher,
                           _ state: RecursionGuard) {
        // SAFETY: as in `arraysEqual`.
        guard let storage = CollectionStorage.object(at: base) else { return }
        let count = CollectionStorage.count(storage)
        hasher.combine(count)
        hashElements(at: storage + elementsOffset, count: count, stride: modelStride, into: &hasher, state)
    }

    /// Hashes `count` models stored `stride` bytes apart from an address: the
    /// elements of an array, or one model (`count` 1).
    fileprivate func hashElements(at base: UnsafeRawPointer, count: Int, stride: Int, into hasher: inout Hasher,
                                  _ state: RecursionGuard) {
        if bitsDecide, stride == sameBitsStride {
            // SAFETY: as in `elementsEqual`.
            return Self.hashBytes(base, count &* stride, into: &hasher)
        }
        if count == 1 {
            for step in steps {
                hash(step, base, 0..<1, stride: 0, into: &hasher, state)
            }
            return
        }
        let length = Self.blockLength(stride: stride)
        var start = 0
        while start < count {
            let end = count - start > length ? start + length : count
            defer { start = end }
            let elements = start..<end
            for step in steps {
                hash(step, base, elements, stride: stride, into: &hasher, state)
            }
        }
    }

    /// Hashes a step of the elements in `elements` of an array of models
    /// stored `stride` bytes apart.
    // Inlined as `isEqual(_:_:_:_:stride:_:)` is, for the same reason.
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    private func hash(_ step: Step, _ base: UnsafeRawPointer, _ elements: Range<Int>, stride: Int,
                      into hasher: inout Hasher, _ state: RecursionGuard) {
        switch step {
        case .bytes(let offset, let length) where length == MemoryLayout<UInt64>.size:
            for index in elements {
                // SAFETY: as in `equalBytes`, for a run of one word (fed as `hashBytes` would).
                hasher.combine(base.loadUnaligned(fromByteOffset: index &* stride &+ offset, as: UInt64.self))
            }
        case .bytes(let offset, let length):
            for index in elements {
                Self.hashBytes(base + (index &* stride &+ offset), length, into: &hasher)
            }
        case .string(let offset):
            Self.hashAll(String.self, base, elements, stride: stride, offset: offset, into: &hasher)
        case .optionalString(let offset):
            Self.hashAll(String?.self, base, elements, stride: stride, offset: offset, into: &hasher)
        case .double(let offset):
            Self.hashAll(Double.self, base, elements, stride: stride, offset: offset, into: &hasher)
        case .optionalURL(let offset):
            Self.hashAll(URL?.self, base, elements, stride: stride, offset: offset, into: &hasher)
        case .optionalDate(let offset):
            Self.hashAll(Date?.self, base, elements, stride: stride, offset: offset, into: &hasher)
        case .integers(let offset, _):
            Self.hashAll([Int].self, base, elements, stride: stride, offset: offset, into: &hasher)
        case .model(let offset, let nested):
            nested.use { plan in
                plan.hashElements(at: base + (elements.lowerBound &* stride &+ offset), count: elements.count,
                                  stride: stride, into: &hasher, state)
            }
        case .models(let offset, let nested, let container):
            guard state.hasStackRoom else {
                hasher.combine(0xDEE9 as UInt16)
                break
            }
            nested.use { plan in
                for index in elements {
                    container.hashElements(at: base + (index &* stride &+ offset), plan, into: &hasher, state)
                }
            }
        case .array(let offset, let nested, let elementsOffset):
            guard state.hasStackRoom else {
                hasher.combine(0xDEE9 as UInt16)
                break
            }
            nested.use { plan in
                for index in elements {
                    plan.hashArray(at: base + (index &* stride &+ offset), elementsOffset: elementsOffset,
                                   into: &hasher, state)
                }
            }
        case .property(let property):
            for index in elements {
                property.accessor.hash(at: base + index &* stride, into: &hasher)
            }
        }
    }

    /// Feeds `count` bytes at an address to `hasher`, a word at a time.
    @inline(__always)
    fileprivate static func hashBytes(_ base: UnsafeRawPointer, _ count: Int, into hasher: inout Hasher) {
        var index = 0
        // SAFETY: as in `equalBytes`.
        while index + 8 <= count {
            hasher.combine(base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            index += 8
        }
        while index < count {
            hasher.combine(base.load(fromByteOffset: index, as: UInt8.self))
            index += 1
        }
    }

    /// `true` when the `Value`s stored at `offset` in the elements `elements`
    /// of two arrays of models `stride` bytes apart are equal pairwise.
    @inline(__always)
    private static func allEqual<Value: Equatable>(_ type: Value.Type, _ lhs: UnsafeRawPointer,
                                                   _ rhs: UnsafeRawPointer, _ elements: Range<Int>,
                                                   stride: Int, offset: Int) -> Bool {
        for index in elements {
            let at = index &* stride &+ offset
            // SAFETY: the runtime reported a stored `Value` at `offset` in the model
            // type whose instances the addresses start (the step's choice in `build`).
            guard (lhs + at).assumingMemoryBound(to: Value.self).pointee
                    == (rhs + at).assumingMemoryBound(to: Value.self).pointee else { return false }
        }
        return true
    }

    /// Hashes the `Value`s stored at `offset` in the elements `elements` of
    /// an array of models `stride` bytes apart.
    @inline(__always)
    private static func hashAll<Value: Hashable>(_ type: Value.Type, _ base: UnsafeRawPointer, _ elements: Range<Int>,
                                                 stride: Int, offset: Int, into hasher: inout Hasher) {
        for index in elements {
            // SAFETY: as in `allEqual`.
            hasher.combine((base + (index &* stride &+ offset)).assumingMemoryBound(to: Value.self).pointee)
        }
    }

    /// `true` when the values of `type` at two addresses have the same bits,
    /// read without copying (and so without retaining) either value.
    ///
    /// For `String`, `String?` and `[Int]` the same bits mean the same value:
    /// the same inline bytes, or the same storage object with the same count
    /// (an empty array is the one shared empty buffer). Their own `==` tests
    /// this first too; reading it here saves the copies that would call it.
    @inline(__always)
    fileprivate static func sameRepresentation<Value>(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer,
                                                      of type: Value.Type) -> Bool {
        // SAFETY: both addresses hold an initialised `Value`; its
        // `MemoryLayout<Value>.size` bytes are read as plain bytes, never as
        // references, so no reference count is touched.
        equalBytes(lhs, rhs, MemoryLayout<Value>.size)
    }

    /// `count` bytes at two addresses are the same, a word at a time.
    @inline(__always)
    fileprivate static func equalBytes(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, _ count: Int) -> Bool {
        var index = 0
        // SAFETY: a byte run lies inside one model's storage at both addresses
        // (`build` makes runs only of fields the runtime reported), and
        // the loads read only `[0, count)` of it, unaligned loads allowed.
        while index + 8 <= count {
            guard lhs.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    == rhs.loadUnaligned(fromByteOffset: index, as: UInt64.self) else { return false }
            index += 8
        }
        while index < count {
            guard lhs.load(fromByteOffset: index, as: UInt8.self) == rhs.load(fromByteOffset: index, as: UInt8.self)
            else { return false }
            index += 1
        }
        return true
    }

    // MARK: Building

    private static let cache = TypeCache<EqualityPlan>()

    /// The plan of `type` (built on first use, then shared).
    package static func of(_ type: any Model.Type) -> EqualityPlan {
        if let cached = cache.cachedValue(for: type) { return cached }
        var building: [ObjectIdentifier: EqualityPlan] = [:]
        let plan = build(type, &building)
        plan.members = Array(building.values)
        return cache.value(for: type) { plan }
    }

    /// The plan of `type`, made with the plans of the struct models it holds;
    /// `building` holds the plans of this build, so that a type holding an
    /// array of itself refers to its own plan.
    private static func build(_ type: any Model.Type, _ building: inout [ObjectIdentifier: EqualityPlan]) -> EqualityPlan {
        if let cached = cache.cachedValue(for: type) { return cached }
        if let started = building[ObjectIdentifier(type)] { return started }
        let plan = EqualityPlan(descriptor: ModelDescriptor.of(type), modelStride: stride(of: type))
        building[ObjectIdentifier(type)] = plan
        var steps: [Step] = []
        for property in plan.descriptor.permanentProperties {
            let step = property.accessor.accept(StepChooser())
            switch step {
            case .bytes(let offset, let count):
                if case .bytes(let start, let length)? = steps.last, start + length == offset {
                    steps[steps.count - 1] = .bytes(offset: start, count: length + count)
                } else {
                    steps.append(.bytes(offset: offset, count: count))
                }
            case .nested(let offset, let nested):
                steps.append(.model(offset: offset, PlanReference(plan: build(nested, &building))))
            case .container(let offset, let container):
                let nested = PlanReference(plan: build(container.elementModel, &building))
                if let elementsOffset = container.storageElementsOffset {
                    steps.append(.array(offset: offset, nested, elementsOffset: elementsOffset))
                } else {
                    steps.append(.models(offset: offset, nested, container.walkedAs))
                }
            case .step(let made):
                steps.append(made)
            }
        }
        // SAFETY: a new buffer of exactly `steps.count` trivial values, owned by the
        // plan (deallocated in `deinit`) and never written again.
        plan.steps = .allocate(capacity: steps.count)
        _ = plan.steps.initialize(from: steps)
        if coverEveryByte(steps, size: stride(of: type)) {
            plan.sameBitsStride = stride(of: type)
            if steps.count == 1, case .bytes = steps[0] { plan.bitsDecide = true }
        }
        return plan
    }

    /// `true` when `steps` compare only values whose same bits are the same
    /// value, and their fields together cover the `size` bytes of the model.
    private static func coverEveryByte(_ steps: [Step], size: Int) -> Bool {
        var ranges: [Range<Int>] = []
        for step in steps {
            switch step {
            case .bytes(let offset, let count): ranges.append(offset..<offset + count)
            case .string(let offset): ranges.append(offset..<offset + MemoryLayout<String>.size)
            case .optionalString(let offset): ranges.append(offset..<offset + MemoryLayout<String?>.size)
            case .integers(let offset, _): ranges.append(offset..<offset + MemoryLayout<[Int]>.size)
            case .double, .optionalURL, .optionalDate, .model, .models, .array, .property: return false
            }
        }
        var end = 0
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            guard range.lowerBound == end else { return false }
            end = range.upperBound
        }
        return size > 0 && end == size
    }

    /// What a property becomes, before nested plans are built.
    fileprivate enum Choice {
        case bytes(offset: Int, count: Int)
        case nested(offset: Int, any Model.Type)
        case container(offset: Int, any InPlaceModelContainer.Type)
        case step(Step)
    }

    /// Chooses a property's step from its value type.
    private struct StepChooser: PropertyAccessorVisitor {
        func visit<Value>(_ accessor: TypedPropertyAccessor<Value>) -> Choice {
            // Subclasses (weak fields, wrappers, key paths) do not hold a plain `Value` at the offset.
            guard type(of: accessor) == TypedPropertyAccessor<Value>.self else {
                return .step(.property(AccessorReference(accessor: accessor)))
            }
            let offset = accessor.offset
            if isBitwiseComparable(Value.self) { return .bytes(offset: offset, count: MemoryLayout<Value>.size) }
            if Value.self == String.self { return .step(.string(offset: offset)) }
            if Value.self == String?.self { return .step(.optionalString(offset: offset)) }
            if Value.self == Double.self { return .step(.double(offset: offset)) }
            if Value.self == URL?.self { return .step(.optionalURL(offset: offset)) }
            if Value.self == Date?.self { return .step(.optionalDate(offset: offset)) }
            if Value.self == [Int].self, let elementsOffset = ArrayStorage.elementsOffset(Int.self) {
                return .step(.integers(offset: offset, elementsOffset: elementsOffset))
            }
            if let model = Value.self as? any Model.Type, isStructModel(model) {
                return .nested(offset: offset, model)
            }
            if let container = Value.self as? any InPlaceModelContainer.Type, isStructModel(container.elementModel) {
                return .container(offset: offset, container)
            }
            return .step(.property(AccessorReference(accessor: accessor)))
        }
    }
}

/// The distance between two elements of an array of `Value`.
private func stride<Value>(of type: Value.Type) -> Int {
    MemoryLayout<Value>.stride
}

/// `true` for the types whose values are equal exactly when their bytes are:
/// integers (one representation per value) and `Bool` (0 or 1).
private func isBitwiseComparable(_ type: Any.Type) -> Bool {
    type == Int.self || type == Int64.self || type == Int32.self || type == Int16.self || type == Int8.self
        || type == UInt.self || type == UInt64.self || type == UInt32.self || type == UInt16.self
        || type == UInt8.self || type == Bool.self
}

/// `true` when `type` is a struct whose `==` and `hash(into:)` are the model
/// defaults, with readable metadata (otherwise its own `==` reports it).
private func isStructModel(_ type: any Model.Type) -> Bool {
    MetadataKind(of: type) == .struct && ModelDescriptor.of(type).unreadableMetadata == nil
        && ModelEquality.usesModelEquality(type)
}

/// A container of models that a plan walks in place: `Optional`, `Array` and
/// `Dictionary` (by key) of a model type.
package protocol InPlaceModelContainer {
    /// The model type of the elements.
    static var elementModel: any Model.Type { get }
    /// For an array whose storage ``ArrayStorage`` can read (checked once per
    /// type): where its elements start in the storage object; else `nil`.
    static var storageElementsOffset: Int? { get }
    /// The type whose `elementsEqual` and `hashElements` walk this container:
    /// itself, or one that reads it in its storage object where that checked
    /// out (once per process). Asked once per plan.
    static var walkedAs: any InPlaceModelContainer.Type { get }
    /// `true` when the containers at two addresses hold equal elements, each
    /// compared with `plan`, the elements' plan.
    static func elementsEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer,
                              _ plan: EqualityPlan, _ state: RecursionGuard) -> Bool
    /// Hashes the container at an address: its element count and each element with `plan`.
    static func hashElements(at base: UnsafeRawPointer, _ plan: EqualityPlan, into hasher: inout Hasher,
                             _ state: RecursionGuard)
}

extension InPlaceModelContainer {
    /// Not an array: `nil`.
    package static var storageElementsOffset: Int? { nil }
    package static var walkedAs: any InPlaceModelContainer.Type { Self.self }
}

extension Optional: InPlaceModelContainer where Wrapped: Model {
    package static var elementModel: any Model.Type { Wrapped.self }

    package static func elementsEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer,
                                      _ plan: EqualityPlan, _ state: RecursionGuard) -> Bool {
        // SAFETY: the plan chose this step for a stored `Wrapped?` at these
        // addresses. Testing the case reads the tag in place; an optional is a
        // single-payload enum, whose payload starts at the enum's own address
        // (the Swift ABI's layout), so `lhs`/`rhs` address the wrapped models.
        switch (isNone(lhs), isNone(rhs)) {
        case (true, true): return true
        case (false, false): return plan.isEqual(lhs, rhs, state)
        default: return false
        }
    }

    package static func hashElements(at base: UnsafeRawPointer, _ plan: EqualityPlan, into hasher: inout Hasher,
                                     _ state: RecursionGuard) {
        // SAFETY: as in `elementsEqual`.
        guard !isNone(base) else {
            hasher.combine(0 as UInt8)
            return
        }
        hasher.combine(1 as UInt8)
        plan.hash(at: base, into: &hasher, state)
    }
}

extension Optional where Wrapped: Model {
    /// `true` when the optional stored at `address` is `nil`; its case is
    /// read in place, without copying the wrapped model.
    @inline(__always)
    fileprivate static func isNone(_ address: UnsafeRawPointer) -> Bool {
        // SAFETY: callers pass the address of a stored `Wrapped?`.
        isNil(address.assumingMemoryBound(to: Self.self).pointee)
    }
}

// Unconstrained, so that `== nil` is the standard library's nil comparison of a borrowed
// optional (one call to the wrapped type's enum-tag witness) rather than `Equatable`'s `==`;
// `if case .none = pointee` copied the optional first, asking the runtime for `Wrapped?`'s
// metadata (a cache look-up) for the copy: 7.7% of hashing the GitHub issues.
@inline(__always)
private func isNil<Wrapped>(_ value: borrowing Wrapped?) -> Bool {
    value == nil
}

extension Array: InPlaceModelContainer where Element: Model {
    package static var elementModel: any Model.Type { Element.self }
    package static var storageElementsOffset: Int? { ArrayStorage.elementsOffset(Element.self) }

    package static func elementsEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer,
                                      _ plan: EqualityPlan, _ state: RecursionGuard) -> Bool {
        // SAFETY: the plan chose this step for a stored `[Element]` at these
        // addresses; each element is read in place, inside the buffers'
        // closures, while `left` and `right` keep them alive.
        let left = lhs.assumingMemoryBound(to: [Element].self).pointee
        let right = rhs.assumingMemoryBound(to: [Element].self).pointee
        return left.withUnsafeBufferPointer { left in
            right.withUnsafeBufferPointer { right in
                guard left.count == right.count else { return false }
                guard let leftStart = left.baseAddress, let rightStart = right.baseAddress,
                      leftStart != rightStart else { return true }
                return plan.elementsEqual(leftStart, rightStart, count: left.count,
                                          stride: MemoryLayout<Element>.stride, state)
            }
        }
    }

    package static func hashElements(at base: UnsafeRawPointer, _ plan: EqualityPlan, into hasher: inout Hasher,
                                     _ state: RecursionGuard) {
        // SAFETY: as in `elementsEqual`.
        let elements = base.assumingMemoryBound(to: [Element].self).pointee
        hasher.combine(elements.count)
        elements.withUnsafeBufferPointer { elements in
            guard let start = elements.baseAddress else { return }
            plan.hashElements(at: start, count: elements.count, stride: MemoryLayout<Element>.stride,
                              into: &hasher, state)
        }
    }
}

extension Dictionary: InPlaceModelContainer where Value: Model {
    package static var elementModel: any Model.Type { Value.self }
    /// ``StoredDictionary`` where ``DictionaryStorage`` can read dictionaries in place.
    package static var walkedAs: any InPlaceModelContainer.Type {
        DictionaryStorage.isReadable ? StoredDictionary<Key, Value>.self : Self.self
    }

    package static func elementsEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer,
                                      _ plan: EqualityPlan, _ state: RecursionGuard) -> Bool {
        // The same storage is equal, as `Dictionary.==` has it (even holding a NaN).
        if EqualityPlan.sameRepresentation(lhs, rhs, of: Self.self) { return true }
        // SAFETY: the plan chose this step for a stored `[Key: Value]` at these addresses,
        // alive and unchanged for the whole comparison; each value is compared at the
        // address of a local copy, alive for the closure.
        let left = lhs.assumingMemoryBound(to: Self.self), right = rhs.assumingMemoryBound(to: Self.self)
        guard left.pointee.count == right.pointee.count else { return false }
        for (key, value) in left.pointee {
            guard let other = right.pointee[key] else { return false }
            let equal = withUnsafePointer(to: value) { value in
                withUnsafePointer(to: other) { plan.isEqual(UnsafeRawPointer(value), UnsafeRawPointer($0), state) }
            }
            guard equal else { return false }
        }
        return true
    }

    package static func hashElements(at base: UnsafeRawPointer, _ plan: EqualityPlan, into hasher: inout Hasher,
                                     _ state: RecursionGuard) {
        // SAFETY: as in `elementsEqual`.
        let entries = base.assumingMemoryBound(to: Self.self).pointee
        var combined = 0
        for (key, value) in entries {
            combined ^= withUnsafePointer(to: value) { entryHash(key, UnsafeRawPointer($0), plan, state) }
        }
        hasher.combine(entries.count)
        hasher.combine(combined)
    }

    /// The hash of one entry, the value stored at `value`: combined with the
    /// others' by `^`, independently of the order of the entries (as
    /// `Dictionary.hash(into:)` does), so that equal dictionaries, which hold
    /// the same keys in any order, hash alike.
    fileprivate static func entryHash(_ key: Key, _ value: UnsafeRawPointer, _ plan: EqualityPlan,
                                      _ state: RecursionGuard) -> Int {
        var entry = Hasher()
        entry.combine(key)
        plan.hash(at: value, into: &entry, state)
        return entry.finalize()
    }
}

/// A `[Key: Value]` of struct models walked in its storage object
/// (``DictionaryStorage``): each entry where the table keeps it, each key
/// found in the other table by the standard library's own lookup, so that no
/// value is copied out (a copy retains each of its fields). Chosen for a
/// dictionary's step only once ``DictionaryStorage/isReadable`` has checked
/// out; the result is the dictionary's own walk's.
private enum StoredDictionary<Key: Hashable, Value: Model>: InPlaceModelContainer {
    static var elementModel: any Model.Type { Value.self }

    static func elementsEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer,
                              _ plan: EqualityPlan, _ state: RecursionGuard) -> Bool {
        if EqualityPlan.sameRepresentation(lhs, rhs, of: [Key: Value].self) { return true }
        // SAFETY: the plan chose this step for a stored `[Key: Value]` at these addresses,
        // whose storage objects (`Value` is a struct: native ones) `DictionaryStorage.isReadable`
        // vouched for and stay alive and unchanged for the whole comparison; each value is
        // compared with `plan` where it is stored.
        guard let left = CollectionStorage.object(at: lhs), let right = CollectionStorage.object(at: rhs),
              CollectionStorage.count(left) == CollectionStorage.count(right) else { return false }
        return DictionaryStorage.forEachOccupiedBucket(in: left) { bucket in
            let key = DictionaryStorage.key(at: bucket, in: left, as: Key.self)
            guard let other = DictionaryStorage.bucket(of: key, in: right) else { return false }
            return plan.isEqual(DictionaryStorage.value(at: bucket, in: left, as: Value.self),
                                DictionaryStorage.value(at: other, in: right, as: Value.self), state)
        }
    }

    static func hashElements(at base: UnsafeRawPointer, _ plan: EqualityPlan, into hasher: inout Hasher,
                             _ state: RecursionGuard) {
        // SAFETY: as in `elementsEqual`.
        guard let storage = CollectionStorage.object(at: base) else { return }
        var combined = 0
        _ = DictionaryStorage.forEachOccupiedBucket(in: storage) { bucket in
            combined ^= [Key: Value].entryHash(DictionaryStorage.key(at: bucket, in: storage, as: Key.self),
                                               DictionaryStorage.value(at: bucket, in: storage, as: Value.self),
                                               plan, state)
            return true
        }
        hasher.combine(CollectionStorage.count(storage))
        hasher.combine(combined)
    }
}
