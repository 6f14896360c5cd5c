//! Work a view hands the runtime to do on a thread: an audit, a best reply, the ordering
//! ladder, a comparison, a big query, the diff's ranking, a lesson's check. A `Job` carries its
//! request (which tests and the view can still read) and the function that works it out; the
//! runtime runs it on its own thread, publishes its progress between frames and hands what it
//! found back to the view that asked (`View::job`, through `Notice::View`). So a view with a
//! background job touches neither the runtime nor the `Effect` and `Notice` enums.

use std::any::Any;
use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::{Registered, View, ViewId, ViewNotice};

/// What the runtime tells a view about its job.
#[derive(Debug)]
pub enum JobEvent<N> {
    /// It has got this far (its own units: events, rungs), of this many (0: unknown).
    Progress(u64, u64),
    /// It ended with this.
    Done(N),
    /// The runtime stopped it (`s` / Esc, a new search): what it finds is not read.
    Stopped,
    /// Its thread ended without a result (it panicked).
    Lost,
}

/// When the runtime stops a job before it ends: the view is told at once (`JobEvent::Stopped`),
/// the job's stop flag is raised and what it returns is not read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stops {
    /// `s` / Esc (`Effect::Stop`) stops it.
    pub on_stop_key: bool,
    /// A new search of the explorer's stops it: what it was about leaves the screen.
    pub on_new_search: bool,
}

/// What a job's function may use while it runs: the flag that asks it to stop, and its
/// progress counters, which the runtime reads between frames.
#[derive(Debug, Default)]
pub struct Control {
    stop: Arc<AtomicBool>,
    progress: Arc<[AtomicU64; 2]>,
}

impl Control {
    /// The flag the runtime raises to stop the job.
    pub fn stop_flag(&self) -> &AtomicBool {
        &self.stop
    }

    /// Whether the job was asked to stop.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The job has got `done` of `total` (0: unknown) of the way.
    pub fn progress(&self, done: u64, total: u64) {
        self.progress[0].store(done, Ordering::Relaxed);
        self.progress[1].store(total, Ordering::Relaxed);
    }

    /// The progress last published.
    pub fn read_progress(&self) -> (u64, u64) {
        (
            self.progress[0].load(Ordering::Relaxed),
            self.progress[1].load(Ordering::Relaxed),
        )
    }

    /// Raises the stop flag.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Another handle on the same flag and counters, for the job's thread.
    pub fn share(&self) -> Control {
        Control {
            stop: Arc::clone(&self.stop),
            progress: Arc::clone(&self.progress),
        }
    }
}

/// The request and function of one job, its types erased for the runtime.
trait Work: Send {
    fn request(&self) -> &dyn Any;
    fn same(&self, other: &dyn Work) -> bool;
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    fn run(self: Box<Self>, control: &Control) -> ViewNotice;
}

/// A request `R` of the view `V` and the function that works it out.
struct Typed<V: View, R> {
    request: R,
    run: fn(R, &Control) -> <V as View>::Notice,
    view: PhantomData<fn() -> V>,
}

impl<V: Registered, R: Any + Send + PartialEq + fmt::Debug> Work for Typed<V, R> {
    fn request(&self) -> &dyn Any {
        &self.request
    }

    fn same(&self, other: &dyn Work) -> bool {
        other
            .request()
            .downcast_ref::<R>()
            .is_some_and(|r| *r == self.request)
    }

    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}: {:?}", V::ID, self.request)
    }

    fn run(self: Box<Self>, control: &Control) -> ViewNotice {
        V::notice(JobEvent::Done((self.run)(self.request, control)))
    }
}

/// A view's work for a thread (`Effect::Job`).
pub struct Job {
    owner: ViewId,
    stops: Stops,
    work: Box<dyn Work>,
}

impl Job {
    /// The view `V`'s `request`, to be worked out by `run` on a thread; what `run` returns goes
    /// back to `V` as `JobEvent::Done`. A view has one job at a time: a new one replaces (and
    /// stops) the one running.
    pub fn new<V: Registered, R: Any + Send + PartialEq + fmt::Debug>(
        request: R,
        stops: Stops,
        run: fn(R, &Control) -> V::Notice,
    ) -> Job {
        Job {
            owner: V::ID,
            stops,
            work: Box::new(Typed::<V, R> {
                request,
                run,
                view: PhantomData,
            }),
        }
    }

    /// The view that asked.
    pub fn owner(&self) -> ViewId {
        self.owner
    }

    /// When the runtime stops it.
    pub fn stops(&self) -> Stops {
        self.stops
    }

    /// The request, if it is an `R` (what a test checks the view asked for).
    pub fn request<R: Any>(&self) -> Option<&R> {
        self.work.request().downcast_ref()
    }

    /// Works the job out on this thread (the runtime calls it on the job's own; a test may
    /// call it directly): what goes back to the view.
    pub fn run(self, control: &Control) -> ViewNotice {
        self.work.run(control)
    }
}

impl fmt::Debug for Job {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Job(")?;
        self.work.describe(f)?;
        f.write_str(")")
    }
}

/// Two jobs are the same when the same view asks the same request of them.
impl PartialEq for Job {
    fn eq(&self, other: &Job) -> bool {
        self.owner == other.owner && self.stops == other.stops && self.work.same(&*other.work)
    }
}
