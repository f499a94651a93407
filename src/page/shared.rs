//! `Shared<T>`: a value shared by reference count whose equality is identity. The page's
//! states hold large values that never change in place (the built-in scenarios and lessons,
//! the saved list, the timeline's landmarks): a new value is a new `Shared`, so comparing two
//! states (what yew does before it re-renders a component) costs a pointer comparison.

use std::ops::Deref;
use std::rc::Rc;

pub struct Shared<T: ?Sized>(Rc<T>);

impl<T> Shared<T> {
    pub fn new(value: T) -> Shared<T> {
        Shared(Rc::new(value))
    }
}

impl<T: ?Sized> Shared<T> {
    pub fn from_rc(rc: Rc<T>) -> Shared<T> {
        Shared(rc)
    }

    pub fn rc(&self) -> &Rc<T> {
        &self.0
    }
}

impl<T: ?Sized> std::fmt::Debug for Shared<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Shared({:p})", Rc::as_ptr(&self.0))
    }
}

impl<T: ?Sized> From<Rc<T>> for Shared<T> {
    fn from(rc: Rc<T>) -> Shared<T> {
        Shared(rc)
    }
}

impl<T: ?Sized> Clone for Shared<T> {
    fn clone(&self) -> Shared<T> {
        Shared(self.0.clone())
    }
}

impl<T: ?Sized> PartialEq for Shared<T> {
    fn eq(&self, other: &Shared<T>) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl<T: ?Sized> Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> From<Vec<T>> for Shared<[T]> {
    fn from(v: Vec<T>) -> Shared<[T]> {
        Shared(v.into())
    }
}
