//! Events of a topology's own cells, named by id for observers of any shape.

use crate::events::{Observer, ShapeEvent};
use crate::grid::Result;
use crate::topology::{EventOf, Topology, cell_ids};

/// Passes the events a generator reports on topology `T` on to an observer of
/// [`ShapeEvent`]s, naming each cell by its id.
pub(crate) struct Named<'a, T> {
    /// A copy of the blank topology, which locates the cells events name.
    blank: T,
    /// Each cell index's id.
    ids: Vec<u32>,
    observer: &'a mut dyn Observer<ShapeEvent>,
}

impl<'a, T: Topology + Clone> Named<'a, T> {
    /// Names the events of a generator carving `topology` (every wall standing) for `observer`.
    pub(crate) fn new(topology: &T, observer: &'a mut dyn Observer<ShapeEvent>) -> Result<Self> {
        Ok(Self {
            blank: topology.clone(),
            ids: cell_ids(topology)?,
            observer,
        })
    }
}

impl<T: Topology> Observer<EventOf<T>> for Named<'_, T> {
    fn observe(&mut self, event: EventOf<T>) {
        let (blank, ids) = (&self.blank, &self.ids);
        let id = |pos| ids[blank.locate(pos).expect("events name cells of the shape")];
        self.observer.observe(event.map(id, Into::into));
    }

    fn listening(&self) -> bool {
        self.observer.listening()
    }
}
