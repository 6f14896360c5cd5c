//! The registry macro: from one line per view (`views::mod`'s `registry!`) it makes the
//! `ViewId`, `ViewAction` and `ViewNotice` enums, the `Views` struct that holds every view's
//! state, and the routing from an action, a job's report or a hook to the view it is for. A view
//! is lent out of the registry while it runs (`lend`), so its context can show it every other
//! view read-only (`Cx::views`), and no view can write another's state.

/// Makes the registry from `field: Variant(Type)` lines, in the order the views' keys are
/// listed in the key table and the help overlay.
macro_rules! registry {
    ($( $(#[doc = $doc:literal])* $field:ident: $Variant:ident($View:ty), )*) => {
        /// Which view: one per line of the registry.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum ViewId {
            $( $(#[doc = $doc])* $Variant, )*
        }

        /// An action of one view (`Action::View`).
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum ViewAction {
            $( $(#[doc = $doc])* $Variant(<$View as View>::Action), )*
        }

        /// What the runtime tells one view about its job (`Notice::View`).
        #[derive(Debug)]
        pub enum ViewNotice {
            $( $(#[doc = $doc])* $Variant(JobEvent<<$View as View>::Notice>), )*
        }

        /// Every view's state, one field per view.
        #[derive(Debug, Default)]
        pub struct Views {
            $( $(#[doc = $doc])* pub $field: $View, )*
        }

        $(
            impl Registered for $View {
                const ID: ViewId = ViewId::$Variant;

                fn action(action: <$View as View>::Action) -> Action {
                    Action::View(ViewAction::$Variant(action))
                }

                fn notice(event: JobEvent<<$View as View>::Notice>) -> ViewNotice {
                    ViewNotice::$Variant(event)
                }
            }

            impl From<<$View as View>::Action> for Action {
                fn from(action: <$View as View>::Action) -> Action {
                    <$View as Registered>::action(action)
                }
            }
        )*

        impl ViewId {
            /// Every view, in registry order.
            pub const ALL: &[ViewId] = &[$( ViewId::$Variant ),*];

            /// The heading of the view's list in the help overlay (`View::LIST`), if it
            /// shows one (`Mode::List`).
            pub fn list_title(self) -> Option<&'static str> {
                match self {
                    $( ViewId::$Variant => <$View as View>::LIST, )*
                }
            }

            /// A job's progress, for the view that asked for it.
            pub fn progress(self, done: u64, total: u64) -> ViewNotice {
                match self {
                    $( ViewId::$Variant => ViewNotice::$Variant(JobEvent::Progress(done, total)), )*
                }
            }

            /// A job the runtime stopped, for the view that asked for it.
            pub fn stopped(self) -> ViewNotice {
                match self {
                    $( ViewId::$Variant => ViewNotice::$Variant(JobEvent::Stopped), )*
                }
            }

            /// A job whose thread ended without a result, for the view that asked for it.
            pub fn lost(self) -> ViewNotice {
                match self {
                    $( ViewId::$Variant => ViewNotice::$Variant(JobEvent::Lost), )*
                }
            }
        }

        impl ViewNotice {
            /// The view it is for.
            pub fn owner(&self) -> ViewId {
                match self {
                    $( ViewNotice::$Variant(_) => ViewId::$Variant, )*
                }
            }
        }

        impl Views {
            /// Every view's key rows, in registry order.
            pub(crate) fn key_rows() -> Vec<(ViewId, Vec<Binding>)> {
                vec![$( (ViewId::$Variant, <$View as View>::keys()), )*]
            }

            /// Every view, read-only, in registry order.
            pub fn all(&self) -> Vec<&dyn Hooks> {
                vec![$( &self.$field as &dyn Hooks, )*]
            }

            /// The view `id`, read-only.
            pub fn get(&self, id: ViewId) -> &dyn Hooks {
                match id {
                    $( ViewId::$Variant => &self.$field, )*
                }
            }

            /// Every view, to change, in registry order.
            pub(crate) fn all_mut(&mut self) -> Vec<&mut dyn Hooks> {
                vec![$( &mut self.$field as &mut dyn Hooks, )*]
            }

            /// Lends each view in turn, with its context, to `hook`.
            pub(crate) fn each(app: &mut Explorer, hook: &mut dyn FnMut(&mut dyn Hooks, &mut Cx)) {
                $( lend(app, |views| &mut views.$field, |view, cx| hook(view, cx)); )*
            }

            /// Applies `action` to the view it is for.
            pub(crate) fn update(app: &mut Explorer, action: ViewAction) -> Vec<Effect> {
                match action {
                    $( ViewAction::$Variant(action) => {
                        lend(app, |views| &mut views.$field, |view, cx| view.update(action, cx))
                    } )*
                }
            }

            /// Hands `notice` to the view whose job it is about.
            pub(crate) fn job(app: &mut Explorer, notice: ViewNotice) -> Vec<Effect> {
                match notice {
                    $( ViewNotice::$Variant(event) => {
                        lend(app, |views| &mut views.$field, |view, cx| view.job(event, cx))
                    } )*
                }
            }
        }
    };
}
